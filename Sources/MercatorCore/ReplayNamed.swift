/// An implementation whose `--impl` name differs from the short name reports use (an
/// external program: reported as `exec:adapter.py`, selected as `exec:python3 …/adapter.py`).
public protocol ReplayNamed {
    /// The name `--impl` takes to select this implementation again.
    var commandLineName: String { get }
}
