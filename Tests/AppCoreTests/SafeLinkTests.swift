import AppCore
import XCTest

/// The gate links pass before `o` and `y`: every reason to refuse, and the normalised form of what passes.
final class SafeLinkTests: XCTestCase {
    private func assertRefused(_ text: String, _ reason: SafeLink.Rejection, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(SafeLink.check(text), .failure(reason), text.debugDescription, file: file, line: line)
    }

    private func assertAccepted(_ text: String, as expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(SafeLink.check(text).map(\.url), .success(expected), text.debugDescription, file: file, line: line)
    }

    func testStackExchangeLinksPassUnchanged() {
        for link in ["https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster",
                     "https://cardano.stackexchange.com/q/1234", "https://cardano.stackexchange.com/a/99#99",
                     "http://127.0.0.1:8080/2.3/questions?site=cardano&page=2", "https://x.y/a;b=c,d+e*f!g$h'i(j)k~l@m:n"] {
            assertAccepted(link, as: link)
        }
    }

    func testControlCharactersAreRefused() {
        let base = "https://cardano.stackexchange.com/q/1"
        for control in ["\u{1B}[201~", "\n", "\r", "\t", "\u{0}", "\u{7}", "\u{7F}", "\u{9B}201~", "\u{85}", "\u{9C}"] {
            assertRefused(base + control + "echo pwned", .controlCharacter)
        }
        assertRefused("\u{1B}https://cardano.stackexchange.com/", .controlCharacter)
        XCTAssertEqual(SafeLink.Rejection.controlCharacter.description, "the link contains a control character")
    }

    func testWhiteSpaceIsRefused() {
        for space in [" ", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{2003}", "\u{1680}"] {
            assertRefused("https://example.com/a\(space)b", .whitespace)
        }
        assertRefused(" https://example.com/", .whitespace)
        assertRefused("https://example.com/ ", .whitespace)
    }

    func testBidiControlsAreRefused() {
        for scalar: UInt32 in [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let control = String(Character(Unicode.Scalar(scalar)!))
            assertRefused("https://example.com/\(control)gpj.exe", .bidiControl)
        }
    }

    func testOnlyHTTPAndHTTPSWithAHostAreAccepted() {
        for text in ["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "", "example.com",
                     "--help", "/relative/path", "httpx://example.com", "data:text/html,hi"] {
            assertRefused(text, .unsupportedScheme)
        }
        for text in ["https://", "https:example.com", "http:/example.com", "https:///path", "https://?q", "https://#x",
                     "https://:443/"] {
            assertRefused(text, .missingHost)
        }
    }

    func testUserNamesBeforeTheHostAreRefused() {
        assertRefused("https://stackoverflow.com@evil.example/q/1", .userInfo)
        assertRefused("https://user:secret@example.com/", .userInfo)
        assertRefused("https://evil.example\\@good.example/", .userInfo)
        assertAccepted("https://example.com/users/1/@name", as: "https://example.com/users/1/@name")
    }

    func testHostsMustBePlainNames() {
        for text in ["https://exa mple.com".replacingOccurrences(of: " ", with: "%20"), "https://evil.example\\.good.example/",
                     "https://a..b/", "https://.example.com/", "https://example.com;rm/", "https://ex$ample.com/",
                     "https://[::1/", "https://[zz::1]/", "https://[::1]x/", "https://\(String(repeating: "a", count: 64)).com/"] {
            assertRefused(text, .invalidHost)
        }
        assertAccepted("https://Example.COM./X", as: "https://example.com./X")
        assertAccepted("http://[::1]:8080/", as: "http://[::1]:8080/")
        assertAccepted("http://[2001:DB8::7]/", as: "http://[2001:db8::7]/")
        assertAccepted("http://my_host-1.example/", as: "http://my_host-1.example/")
    }

    /// Decision: internationalized host names are refused rather than converted (no IDNA on Linux, look-alike
    /// hosts); the punycode form is ASCII and passes.
    func testInternationalHostsAreRefusedAndPunycodePasses() {
        assertRefused("https://例え.jp/", .internationalHost)
        assertRefused("https://раураl.com/", .internationalHost)
        assertAccepted("https://xn--r8jz45g.jp/", as: "https://xn--r8jz45g.jp/")
    }

    func testPortsMustBeInRange() {
        for port in ["", "0", "65536", "99999999", "80a", "-1", "+80"] {
            assertRefused("http://example.com:\(port)/", .invalidPort)
        }
        assertAccepted("http://example.com:65535", as: "http://example.com:65535")
    }

    func testTheSchemeAndHostAreLowerCasedButNotThePath() {
        assertAccepted("HTTPS://EXAMPLE.COM/Q/Ab?X=Y#Z", as: "https://example.com/Q/Ab?X=Y#Z")
    }

    func testNonASCIIAndUnsafeASCIIArePercentEncoded() {
        assertAccepted("https://ru.stackoverflow.com/questions/1/как-сделать",
                       as: "https://ru.stackoverflow.com/questions/1/%D0%BA%D0%B0%D0%BA-%D1%81%D0%B4%D0%B5%D0%BB%D0%B0%D1%82%D1%8C")
        assertAccepted("https://ja.stackoverflow.com/q/1?q=日本#語", as: "https://ja.stackoverflow.com/q/1?q=%E6%97%A5%E6%9C%AC#%E8%AA%9E")
        assertAccepted("https://x.y/😀", as: "https://x.y/%F0%9F%98%80")
        assertAccepted("https://x.y/\"<>\\^`{|}[]", as: "https://x.y/%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D")
        assertAccepted("https://x.y/a\u{200B}b\u{FEFF}", as: "https://x.y/a%E2%80%8Bb%EF%BB%BF")
    }

    func testPercentSignsAndHashesAreEncodedOnlyWhereTheyCannotStand() {
        assertAccepted("https://x.y/a%20b%2fc", as: "https://x.y/a%20b%2fc")
        assertAccepted("https://x.y/100%?p=%zz&q=%4", as: "https://x.y/100%25?p=%25zz&q=%254")
        assertAccepted("https://x.y/a#b#c", as: "https://x.y/a#b%23c")
        assertAccepted("https://x.y/%1B%5B201~", as: "https://x.y/%1B%5B201~")
    }

    func testWhatPassesIsPrintableASCIIOnly() throws {
        let link = try SafeLink.check("https://x.y/\u{E000}\u{FFFD}ü\"`|'$(;)").get()
        XCTAssertTrue(link.url.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }, link.url)
        XCTAssertFalse(link.url.contains { "\"<>\\^`{|} ".contains($0) }, link.url)
    }

    func testOverlongLinksAreRefused() {
        let prefix = "https://x.y/"
        assertAccepted(prefix + String(repeating: "a", count: SafeLink.maximumLength - prefix.count),
                       as: prefix + String(repeating: "a", count: SafeLink.maximumLength - prefix.count))
        assertRefused(prefix + String(repeating: "a", count: SafeLink.maximumLength - prefix.count + 1), .tooLong)
        assertRefused(prefix + String(repeating: "é", count: SafeLink.maximumLength / 6 + 1), .tooLong)
    }

    func testTheFirstForbiddenCharacterNamesTheReason() {
        assertRefused("https://x.y/\u{202E} \u{1B}", .bidiControl)
        assertRefused("javascript:\u{1B}", .controlCharacter)
    }
}
