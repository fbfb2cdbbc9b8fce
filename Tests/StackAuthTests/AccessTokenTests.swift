import Foundation
import StackAuth
import XCTest

/// The token never shows its characters, except through `revealedForRequest`.
final class AccessTokenTests: XCTestCase {
    private let secret = "Uw0PT2Ct(iMdLrB*cm9xA))"

    func testNoTextualFormShowsTheToken() throws {
        let token = try AccessToken(secret, expires: Date(timeIntervalSince1970: 1_700_000_000))
        var dumped = ""
        dump(token, to: &dumped)
        var printed = ""
        print(token, [token], Optional(token) as Any, to: &printed)
        let forms = [
            token.description, token.debugDescription, "\(token)", String(describing: token), String(reflecting: token),
            dumped, printed, "\(Mirror(reflecting: token).children.map { "\($0.label ?? ""): \($0.value)" })",
        ]
        for form in forms {
            XCTAssertFalse(form.contains(secret), form)
            XCTAssertFalse(form.contains("Uw0PT2"), form)
        }
        XCTAssertEqual(token.description, "AccessToken(…redacted, 23 characters, expires 2023-11-14T22:13:20Z)")
        XCTAssertEqual(try AccessToken(secret).description, "AccessToken(…redacted, 23 characters)")
    }

    func testTheNamedAccessorRevealsIt() throws {
        let token = try AccessToken(secret)
        XCTAssertEqual(token.revealedForRequest, secret)
        XCTAssertEqual(token.length, 23)
        XCTAssertNil(token.expires)
    }

    func testExpiry() throws {
        let now = Date(timeIntervalSince1970: 1_000)
        XCTAssertFalse(try AccessToken(secret).isExpired(at: now), "no expiry: never expired")
        XCTAssertFalse(try AccessToken(secret, expires: now.addingTimeInterval(1)).isExpired(at: now))
        XCTAssertTrue(try AccessToken(secret, expires: now).isExpired(at: now))
        let later = try AccessToken(secret).expiring(now)
        XCTAssertEqual(later.expires, now)
        XCTAssertEqual(later.revealedForRequest, secret)
    }

    func testShapeIsChecked() {
        XCTAssertThrowsError(try AccessToken("")) { XCTAssertEqual($0 as? AccessTokenShapeError, .empty) }
        XCTAssertThrowsError(try AccessToken("abc def")) { XCTAssertEqual($0 as? AccessTokenShapeError, .containsWhitespace) }
        XCTAssertThrowsError(try AccessToken("abc\ndef")) { XCTAssertEqual($0 as? AccessTokenShapeError, .containsWhitespace) }
        XCTAssertThrowsError(try AccessToken("abc\u{1B}[0m")) {
            XCTAssertEqual($0 as? AccessTokenShapeError, .containsControlCharacter)
        }
        XCTAssertThrowsError(try AccessToken("abcé")) { XCTAssertEqual($0 as? AccessTokenShapeError, .containsNonASCII) }
        XCTAssertThrowsError(try AccessToken(String(repeating: "a", count: 513))) {
            XCTAssertEqual($0 as? AccessTokenShapeError, .tooLong(length: 513))
        }
        XCTAssertNoThrow(try AccessToken(String(repeating: "a", count: 512)))
        XCTAssertNoThrow(try AccessToken("a(b)c*d.e-f_g!~"))
    }

    func testShapeMessagesNeverQuoteTheCharacters() {
        let bad = ["", "sec ret", "sec\u{7}ret", "secrét", String(repeating: "s", count: 600)]
        for value in bad {
            guard let problem = AccessTokenShapeError.problem(with: value) else { return XCTFail("accepted \(value.count)") }
            XCTAssertFalse(problem.message.contains("sec"), problem.message)
        }
    }
}
