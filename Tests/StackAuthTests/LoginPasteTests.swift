import Foundation
import StackAuth
import XCTest

/// What users paste at the login prompt: the landing address in its many wrappings, or the token alone.
final class LoginPasteTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)
    private let token = "Uw0PT2Ct(iMdLrB*cm9xA.))"
    private let landing = "https://stackexchange.com/oauth/login_success"

    private func parsed(_ input: String) -> Result<AccessToken, LoginPasteError> {
        LoginPaste.parse(input, now: now)
    }

    private func assertToken(_ input: String, _ expected: String? = nil, expires: Date?,
                             file: StaticString = #filePath, line: UInt = #line) {
        switch parsed(input) {
        case .success(let found):
            XCTAssertEqual(found.revealedForRequest, expected ?? token, file: file, line: line)
            XCTAssertEqual(found.expires, expires, file: file, line: line)
        case .failure(let error):
            XCTFail("\(input.debugDescription): \(error.message)", file: file, line: line)
        }
    }

    private func assertRefused(_ input: String, _ expected: LoginPasteError, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = parsed(input) else { return XCTFail("accepted \(input.debugDescription)", file: file, line: line) }
        XCTAssertEqual(error, expected, file: file, line: line)
        XCTAssertFalse(error.message.contains(token), error.message, file: file, line: line)
        XCTAssertFalse(error.message.contains("Uw0PT2"), error.message, file: file, line: line)
    }

    func testTheFullLandingAddress() {
        assertToken("\(landing)#access_token=\(token)&expires=86400", expires: now.addingTimeInterval(86_400))
        assertToken("\(landing)#expires=60&access_token=\(token)", expires: now.addingTimeInterval(60))
        assertToken("\(landing)#access_token=\(token)", expires: nil)
        assertToken("HTTPS://StackExchange.com/oauth/login_success/#access_token=\(token)", expires: nil)
        assertToken("http://stackexchange.com/oauth/login_success#access_token=\(token)", expires: nil)
    }

    func testPercentEncodingIsUndone() {
        assertToken("\(landing)#access_token=Uw0PT2Ct%28iMdLrB%2Acm9xA.%29%29&expires=10", expires: now.addingTimeInterval(10))
        assertToken("\(landing)#access_token=a+b", "a+b", expires: nil)
    }

    func testWrappingsAreTrimmed() {
        let address = "\(landing)#access_token=\(token)"
        for input in [
            "  \(address)\n", "\"\(address)\"", "'\(address)'", "<\(address)>", "\u{1B}[200~\(address)\u{1B}[201~",
            "[200~\(address)[201~\r\n", " \u{1B}[200~ \"\(address)\" \u{1B}[201~ ", "\u{201C}\(address)\u{201D}", "\t\(address)\u{7F}",
        ] {
            assertToken(input, expires: nil)
        }
    }

    func testTheBareTokenAndPartsOfTheAddress() {
        assertToken(token, expires: nil)
        assertToken("  \"\(token)\"\n", expires: nil)
        assertToken("#access_token=\(token)&expires=5", expires: now.addingTimeInterval(5))
        assertToken("access_token=\(token)", expires: nil)
        assertToken("stackexchange.com/oauth/login_success#access_token=\(token)&expires=7", expires: now.addingTimeInterval(7))
    }

    func testADeclinedLogin() {
        assertRefused("\(landing)#error=access_denied&error_description=User+denied+access", .declined("User denied access"))
        assertRefused("\(landing)?error=access_denied", .declined(""))
        guard case .failure(let error) = parsed("\(landing)#error=access_denied&error_description=User+denied+access") else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(error.message, "you declined to let stackterm use your account (Stack Exchange said: User denied access), "
            + "so nobody is logged in; run stackterm login again to approve it")
        assertRefused("\(landing)#error=invalid_request&error_description=bad%1B%5B2J", .refused("invalid_request", "bad [2J"))
    }

    func testAnotherAddressIsRefused() {
        assertRefused("https://evil.example/oauth/login_success#access_token=\(token)", .wrongAddress("evil.example/oauth/login_success"))
        assertRefused("https://stackexchange.com/users/login#access_token=\(token)", .wrongAddress("stackexchange.com/users/login"))
        assertRefused("https://stackexchange.com.evil.example/oauth/login_success#access_token=\(token)",
                      .wrongAddress("stackexchange.com.evil.example/oauth/login_success"))
        assertRefused("ftp://stackexchange.com/oauth/login_success#access_token=\(token)", .wrongAddress("stackexchange.com/oauth/login_success"))
        assertRefused("https://stackoverflow.com/oauth/dialog?client_id=1&scope=read_inbox", .dialogAddress)
        assertRefused("example.com/x#access_token=\(token)", .wrongAddress("example.com/x"))
        assertRefused("https://stackexchange.com/oauth/login_success#access_token=a b", .malformedToken(.containsWhitespace))
        assertRefused("https://stack exchange.com/oauth/login_success#access_token=\(token)", .notAnAddress)
    }

    func testNothingToReadIsRefused() {
        for input in ["", "   \n", "\"\"", "\u{1B}[200~\u{1B}[201~", "<>"] { assertRefused(input, .empty) }
        assertRefused(String(repeating: "x", count: LoginPaste.maximumInputLength + 1), .tooLong)
    }

    func testAnAddressWithoutTheTokenIsRefused() {
        assertRefused(landing, .noAccessToken)
        assertRefused("\(landing)#expires=86400", .noAccessToken)
        assertRefused("\(landing)#access_token=&expires=86400", .noAccessToken)
        assertRefused("expires=86400", .noAccessToken)
    }

    func testAMalformedTokenIsRefused() {
        assertRefused("abc def", .malformedToken(.containsWhitespace))
        assertRefused("\(landing)#access_token=Uw0PT2%20x", .malformedToken(.containsWhitespace))
        assertRefused("\(landing)#access_token=Uw0PT2%1Bx", .malformedToken(.containsControlCharacter))
        assertRefused("Uw0PT2\u{1B}x", .malformedToken(.containsControlCharacter))
        assertRefused("Uw0PT2é", .malformedToken(.containsNonASCII))
        assertRefused(String(repeating: "a", count: 513), .malformedToken(.tooLong(length: 513)))
        assertRefused("\(landing)#access_token=Uw0PT2%zz", .damagedAddress)
    }

    func testABadExpiryIsRefused() {
        for expires in ["abc", "-5", "0", "1e3", "", String(LoginPaste.maximumExpirySeconds + 1)] {
            assertRefused("\(landing)#access_token=\(token)&expires=\(expires)", .badExpiry)
        }
    }

    func testMessagesSayWhatToDo() {
        XCTAssertTrue(LoginPasteError.noAccessToken.message.contains("including everything after #"))
        XCTAssertTrue(LoginPasteError.wrongAddress("x/y").message.contains(landing))
        XCTAssertTrue(LoginPasteError.malformedToken(.containsWhitespace).message.hasPrefix("the token has a space"))
        XCTAssertEqual(LoginPasteError.empty.description, LoginPasteError.empty.message)
    }

    func testAnAddressWithDirectionMarksIsShownWithoutThem() {
        // Found by fuzz-login: a pasted address's host and path are quoted in the refusal; U+061C, U+200E and U+200F
        // (marks that reorder text on a terminal) were kept.
        let found: [UInt8] = [0x6d, 0x65, 0x74, 0x61, 0x3a, 0x41, 0x6d, 0x65, 0x72, 0x70, 0x0e, 0x00, 0x00, 0x00, 0x0d, 0xe0,
                              0xff, 0xff, 0x00, 0x00, 0x00, 0x80, 0x00, 0xd8, 0x9c, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f,
                              0x2d, 0x43, 0x53, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x73, 0x3a, 0x2f, 0x2f, 0x73, 0x61]
        let pastes = [String(decoding: found, as: UTF8.self), "meta:a\u{200E}b\u{200F}c?://x"]
        for paste in pastes {
            guard case .failure(let error) = LoginPaste.parse(paste) else { return XCTFail("refused: \(paste)") }
            XCTAssertFalse(error.message.unicodeScalars.contains { [0x061C, 0x200E, 0x200F].contains($0.value) }, error.message)
        }
    }
}
