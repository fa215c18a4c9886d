/// Names made safe for a file or an element id, still telling apart the names they came from.
package enum SafeName {
    /// The 64-bit FNV-1a hash of `text`'s UTF-8: stable across runs, machines and versions.
    package static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// `value`'s low 32 bits as 8 hexadecimal digits.
    package static func hex8(_ value: UInt64) -> String {
        let digits = String(value & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// `name` with every scalar that `keeps` rejects (given its offset and the scalar)
    /// replaced by `_`, cut to `limit`
    /// scalars; when anything was replaced or cut, `separator` and 8 hex digits of the name's
    /// FNV-1a hash follow. `separator` is a scalar `keeps` rejects, so a name kept as it is
    /// never looks like a changed one: `a+b` and `a*b` give `a_b~…` with different digits,
    /// and neither is `a_b`.
    package static func make(
        _ name: String, limit: Int, separator: Unicode.Scalar, keeps: (Int, Unicode.Scalar) -> Bool
    ) -> String {
        var safe = ""
        var changed = false
        for (index, scalar) in name.unicodeScalars.enumerated() {
            guard index < limit else {
                changed = true
                break
            }
            if keeps(index, scalar) {
                safe.unicodeScalars.append(scalar)
            } else {
                safe.unicodeScalars.append("_")
                changed = true
            }
        }
        guard changed else { return safe }
        safe.unicodeScalars.append(separator)
        return safe + hex8(fnv1a(name))
    }
}
