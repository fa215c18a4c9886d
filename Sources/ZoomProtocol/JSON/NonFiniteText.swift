/// The strings "inf", "-inf" and "nan", accepted wherever a number is (an extension of
/// PROTOCOL.md, so that the seed port's outputs can be sent back as inputs).
enum NonFiniteText {
    static let infinity = Array("inf".utf8)
    static let negativeInfinity = Array("-inf".utf8)
    static let notANumber = Array("nan".utf8)

    /// The non-finite value the string token names, or nil.
    static func value(of token: JSONStringToken, in bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if token.equals(infinity, in: bytes) { return .infinity }
        if token.equals(negativeInfinity, in: bytes) { return -.infinity }
        if token.equals(notANumber, in: bytes) { return .nan }
        return nil
    }
}
