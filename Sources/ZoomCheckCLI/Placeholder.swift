#if canImport(Glibc)
import Glibc
#endif
/// Entry point of the `zoomcheck` command.
public enum ZoomCheckMain {
    public static func run(_ arguments: [String]) -> Int32 { 0 }
}
