import Foundation
import StackAuth
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Reading the token file refuses what ssh refuses for a key, names the file and the fix, and never quotes the token.
final class TokenFileReadTests: XCTestCase {
    private var folder: ScratchFolder!
    private var file: TokenFile!
    private let secret = "Uw0PT2Ct(iMdLrB*cm9xA.))"

    override func setUpWithError() throws {
        folder = try ScratchFolder()
        file = TokenFile(path: folder.path("token"))
    }

    override func tearDown() { folder.remove() }

    /// Writes `text` at the file's path with `mode`.
    private func put(_ text: String, mode: Int = 0o600) {
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8)))
        chmod(file.path, mode_t(mode))
    }

    private func assertRefused(_ expected: TokenFileError, file line: UInt = #line) {
        XCTAssertThrowsError(try file.read(), line: line) { error in
            XCTAssertEqual(error as? TokenFileError, expected, line: line)
            let message = (error as? TokenFileError)?.message ?? ""
            XCTAssertTrue(message.contains(self.file.path), message, line: line)
            XCTAssertFalse(message.contains(self.secret) || message.contains("Uw0PT2"), message, line: line)
        }
    }

    func testNoFileMeansNobodyIsLoggedIn() throws {
        XCTAssertNil(try file.read())
        XCTAssertNil(try TokenFile(path: folder.path("missing/folder/token")).read())
    }

    func testAFileOthersCanReadOrWriteIsRefusedWithTheFix() throws {
        for mode in [0o640, 0o604, 0o620, 0o602, 0o644, 0o666, 0o610] {
            put("token=\(secret)\n", mode: mode)
            assertRefused(.tooOpen(path: file.path, mode: UInt32(mode)))
        }
        put("token=\(secret)\n", mode: 0o644)
        XCTAssertThrowsError(try file.read()) { error in
            let message = (error as? TokenFileError)?.message ?? ""
            XCTAssertTrue(message.contains("(mode 0644)"), message)
            XCTAssertTrue(message.contains("chmod 600 \(self.file.path)"), message)
        }
        chmod(file.path, 0o600)
        XCTAssertEqual(try file.read()?.token.revealedForRequest, secret, "after the fix it is read")
        chmod(file.path, 0o400)
        XCTAssertEqual(try file.read()?.token.revealedForRequest, secret, "read-only for its owner is fine")
    }

    func testTheFixQuotesAPathWithSpaces() throws {
        let spaced = try ScratchFolder()
        defer { spaced.remove() }
        let path = spaced.path("my config/token")
        try FileManager.default.createDirectory(atPath: spaced.path("my config"), withIntermediateDirectories: false)
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("token=\(secret)\n".utf8)))
        chmod(path, 0o644)
        XCTAssertThrowsError(try TokenFile(path: path).read()) { error in
            XCTAssertTrue("\(error)".contains("chmod 600 '\(path)'"), "\(error)")
        }
    }

    func testAnotherUsersFileIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        put("token=\(secret)\n")
        XCTAssertEqual(chown(file.path, 12345, 12345), 0)
        assertRefused(.ownedByAnotherUser(path: file.path, owner: 12345))
    }

    func testALinkIsRefusedEvenToAGoodFile() throws {
        let target = folder.path("real")
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data("token=\(secret)\n".utf8)))
        chmod(target, 0o600)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
        assertRefused(.symbolicLink(path: file.path))
    }

    func testAFolderOrAFIFOIsRefused() throws {
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        chmod(file.path, 0o700)
        assertRefused(.notRegularFile(path: file.path))
        try FileManager.default.removeItem(atPath: file.path)
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        assertRefused(.notRegularFile(path: file.path))
    }

    func testALargeFileIsRefusedUnread() throws {
        put("token=\(secret)\n" + String(repeating: "#", count: TokenFile.maximumSize))
        assertRefused(.tooLarge(path: file.path, size: TokenFile.maximumSize + secret.utf8.count + 7))
        put("token=\(secret)\n" + String(repeating: "#", count: TokenFile.maximumSize - secret.utf8.count - 7))
        XCTAssertNotNil(try file.read(), "exactly the limit is read")
    }

    func testADamagedFileIsRefusedWithoutQuotingIt() throws {
        let cases: [(String, String)] = [
            ("# nothing\n", "it has no token line"),
            ("token=\(secret)\nexpires=soon\n", "its expires is not a number of seconds"),
            ("token=\(secret) \n", "the token has a space or a line break in it"),
            ("token=\n", "the token is empty"),
            ("\(secret)\n", "line 1 is not key=value"),
        ]
        for (text, reason) in cases {
            put(text)
            assertRefused(.damaged(path: file.path, reason: reason))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data([0x74, 0x3D, 0xFF, 0xFE])))
        chmod(file.path, 0o600)
        assertRefused(.damaged(path: file.path, reason: "it is not UTF-8 text"))
    }

    func testUnknownLinesAndAnIncompleteUserAreTolerated() throws {
        put("# a comment\r\nversion=9\r\ntoken=\(secret)\r\nfuture_key=x\r\n\r\ndisplay_name=A\r\n")
        let login = try XCTUnwrap(try file.read())
        XCTAssertEqual(login.token.revealedForRequest, secret)
        XCTAssertNil(login.user, "no site or user_id: no user")
    }

    func testPrintingALoginNeverShowsTheToken() throws {
        put("token=\(secret)\ndisplay_name=A\nsite=so\nuser_id=1\n")
        let login = try XCTUnwrap(try file.read())
        var dumped = ""
        dump(login, to: &dumped)
        for text in ["\(login)", String(reflecting: login), dumped] {
            XCTAssertFalse(text.contains(secret), text)
            XCTAssertTrue(text.contains("redacted"), text)
        }
    }

    func testDeleteRemovesTheFileAndLeftovers() throws {
        try file.write(StoredLogin(token: try AccessToken(secret)))
        put("token=\(secret)\n")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.path(".token.tmp-1-abc"), contents: Data(secret.utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.path("config.toml"), contents: Data()))
        try file.delete()
        XCTAssertNil(try file.read())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["config.toml"])
        XCTAssertNoThrow(try file.delete(), "nothing to delete is fine")
        XCTAssertNoThrow(try TokenFile(path: folder.path("none/token")).delete())
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try file.delete()) { error in
            guard case .undeletable(let path, _)? = error as? TokenFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, self.file.path)
        }
    }

    /// `readForRevoking` (what `stackterm logout` reads) reads a file others can read: its token may have leaked, so
    /// it must be revoked all the more. A link or a damaged file is still refused.
    func testReadForRevokingTakesAnOpenFileButNoLinkOrDamage() throws {
        put("token=\(secret)\n", mode: 0o644)
        XCTAssertEqual(try file.readForRevoking()?.token.revealedForRequest, secret)
        unlink(file.path)
        put("no token here\n")
        XCTAssertThrowsError(try file.readForRevoking()) {
            guard case .damaged = $0 as? TokenFileError else { return XCTFail("\($0)") }
        }
        unlink(file.path)
        XCTAssertNil(try file.readForRevoking(), "no file: nobody is logged in")
        put("token=\(secret)\n")
        let link = TokenFile(path: folder.path("link"))
        XCTAssertEqual(symlink(file.path, link.path), 0)
        XCTAssertThrowsError(try link.readForRevoking()) { XCTAssertEqual($0 as? TokenFileError, .symbolicLink(path: link.path)) }
    }
}
