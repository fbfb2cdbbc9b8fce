import Foundation
import FuzzSupport
import StackAuth

/// What a user pastes at `stackterm login` (`LoginPaste.parse`) and the token file's text (`StoredLoginFormat.decode`),
/// both untrusted. First byte: bit 0 picks the token file, else the paste; the rest is the input.
///
/// Checked: a token taken has a valid shape and its description does not depend on its characters; every refusal is
/// clean text (no control character, bidi control or direction mark) that never quotes the token; a login read
/// from a file is written back and read again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogin(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private let now = Date(timeIntervalSince1970: 1_800_000_000)

private func run(_ selector: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    if selector & 1 == 1 { tokenFile(Data(buffer: rest)) } else { paste(String(decoding: rest, as: UTF8.self)) }
}

private func paste(_ input: String) {
    switch LoginPaste.parse(input, now: now) {
    case .success(let token):
        checkToken(token)
    case .failure(let error):
        require(isClean(error.message), "a paste's refusal with a control character")
    }
}

private func tokenFile(_ data: Data) {
    switch StoredLoginFormat.decode(data) {
    case .success(let login):
        checkToken(login.token)
        let again = StoredLoginFormat.decode(Data(StoredLoginFormat.encode(login).utf8))
        require(again == .success(login), "a login written back reads differently: \(again)")
    case .failure(let problem):
        require(isClean(problem.reason), "a token file's refusal with a control character")
        if let secret = tokenLine(data), secret.count >= 8 {
            require(!problem.reason.contains(secret), "a refusal quotes the token")
        }
    }
}

private func checkToken(_ token: AccessToken) {
    let secret = token.revealedForRequest
    require(AccessTokenShapeError.problem(with: secret) == nil, "a token taken whose shape is refused")
    // The description may name the length, never the characters: another token of that length reads the same.
    let other = try? AccessToken(String(repeating: "x", count: secret.count), expires: token.expires)
    require(other.map { String(describing: $0) == String(describing: token) } ?? false, "a token's description shows it")
}

/// The value of the first `token=` line, as the file holds it.
private func tokenLine(_ data: Data) -> String? {
    let text = String(decoding: data, as: UTF8.self)
    return text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("token=") }.map { String($0.dropFirst(6)) }
}
