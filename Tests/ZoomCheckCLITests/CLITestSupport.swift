import Foundation
import Testing
@testable import ZoomCheckCLI

extension Tag {
    /// Tests of the `zoomcheck` command line and the `eval` protocol.
    @Tag static var cli: Self
}
