import Foundation

/// Which binary32 `sinf` and `logf` the seed port's single-precision latitude path calls.
///
/// `portable` (the default) is ZoomCheck's own correctly rounded pair (`CorrectlyRounded`):
/// the same bits on every machine, so pinned figures and counterexamples reproduce
/// everywhere. `platform` calls the platform's libm, to show what a device computes; its
/// last bits differ between libms (glibc's `sinf` is one ulp off on 0.0755% of the angles
/// the seed passes), so it is judged by properties only, never by pinned digits
/// (`zoomcheck check --libm platform`).
public enum FloatLibm: String, Sendable, Hashable, CaseIterable {
    case portable
    case platform

    public func sin(_ x: Float) -> Float {
        switch self {
        case .portable: CorrectlyRounded.sin(x)
        case .platform: Foundation.sinf(x)
        }
    }

    public func log(_ x: Float) -> Float {
        switch self {
        case .portable: CorrectlyRounded.log(x)
        case .platform: Foundation.logf(x)
        }
    }

    /// Where the platform's `sinf` comes from: the file mapped at its address (from
    /// `/proc/self/maps` on Linux, so a preloaded libm is named), or "the platform's libm"
    /// where that cannot be read.
    public static var platformLibraryName: String {
        let unknown = "the platform's libm"
        #if os(Linux)
            guard let symbol = dlsym(nil, "sinf"), let maps = fopen("/proc/self/maps", "r") else { return unknown }
            let address = UInt(bitPattern: symbol)
            defer { fclose(maps) }
            var buffer = [CChar](repeating: 0, count: 4096)
            while fgets(&buffer, Int32(buffer.count), maps) != nil {
                let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
                let bounds = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
                if fields.count >= 6, bounds.count == 2, bounds[0] <= address, address < bounds[1] {
                    return fields[5...].joined(separator: " ")
                }
            }
        #endif
        return unknown
    }
}
