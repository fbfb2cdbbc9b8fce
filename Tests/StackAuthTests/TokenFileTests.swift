import Foundation
import StackAuth
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Writing the token file: its place, its mode, its atomic replacement, and what it holds.
final class TokenFileTests: XCTestCase {
    private var folder: ScratchFolder!
    private let secret = "Uw0PT2Ct(iMdLrB*cm9xA.))"

    override func setUpWithError() throws { folder = try ScratchFolder() }
    override func tearDown() { folder.remove() }

    private func login(expires: Date? = Date(timeIntervalSince1970: 1_800_000_000), user: LoggedInUser? = nil) throws -> StoredLogin {
        StoredLogin(token: try AccessToken(secret, expires: expires), user: user)
    }

    func testTheFileLivesUnderTheConfigFolder() {
        XCTAssertEqual(TokenFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"]), "/x/cfg/stackterm/token")
        XCTAssertEqual(TokenFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/h"]), "/x/cfg/stackterm/token")
        XCTAssertEqual(TokenFile.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"]), "/home/a/.config/stackterm/token")
        XCTAssertEqual(TokenFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]), "/home/a/.config/stackterm/token")
        XCTAssertNil(TokenFile.defaultPath(environment: ["HOME": "home/a"]))
        XCTAssertNil(TokenFile.defaultPath(environment: [:]))
        XCTAssertThrowsError(try TokenFile(environment: [:])) { XCTAssertEqual($0 as? TokenFileError, .noLocation) }
        XCTAssertEqual(try TokenFile(environment: ["HOME": "/h"]).path, "/h/.config/stackterm/token")
        XCTAssertEqual(TokenFile(path: "/h/.config/stackterm/token").folder, "/h/.config/stackterm")
    }

    func testAWriteReadsBack() throws {
        let file = TokenFile(path: folder.path("token"))
        let user = LoggedInUser(displayName: "Zoë O'Brien", site: "stackoverflow", userID: 22656, accountID: 11683)
        let written = try login(user: user)
        try file.write(written)
        XCTAssertEqual(try file.read(), written)
        try file.write(try login(expires: nil))
        XCTAssertEqual(try file.read(), try login(expires: nil), "replaced, user and expiry gone")
    }

    func testTheFolderIsMade0700AndTheFile0600WhateverTheUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        let file = TokenFile(path: folder.path("home/.config/stackterm/token"))
        try file.write(try login())
        XCTAssertEqual(try mode(folder.path("home/.config/stackterm")), 0o700)
        XCTAssertEqual(try mode(folder.path("home/.config")), 0o700)
        XCTAssertEqual(try mode(file.path), 0o600)
        XCTAssertNotNil(try file.read())
    }

    func testAWriteReplacesTheFileByRenameAndLeavesNothingElse() throws {
        let path = folder.path("token")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("old\n".utf8), attributes: [.posixPermissions: 0o644]))
        let before = try inode(path)
        let file = TokenFile(path: path)
        try file.write(try login())
        XCTAssertNotEqual(try inode(path), before, "a new file renamed over the old, not the old rewritten")
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["token"])
    }

    func testTheTokenIsInTheFileOnlyOnce() throws {
        let file = TokenFile(path: folder.path("cfg/token"))
        try file.write(try login(user: LoggedInUser(displayName: "A", site: "superuser", userID: 1)))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: secret).count, 2)
        XCTAssertTrue(text.hasPrefix("# stackterm's login"), text)
        XCTAssertTrue(text.contains("\ntoken=\(secret)\nexpires=1800000000\ndisplay_name=A\nsite=superuser\nuser_id=1\n"), text)
    }

    func testALineBreakInTheNameCannotForgeALine() throws {
        let file = TokenFile(path: folder.path("token"))
        let user = LoggedInUser(displayName: "Eve\ntoken=stolen\u{1B}[2J", site: "so\nexpires=1", userID: 7)
        try file.write(try login(expires: nil, user: user))
        let read = try XCTUnwrap(try file.read())
        XCTAssertEqual(read.token.revealedForRequest, secret)
        XCTAssertNil(read.token.expires)
        XCTAssertEqual(read.user?.displayName, "Eve token=stolen [2J")
        XCTAssertEqual(read.user?.site, "so expires=1")
    }

    func testAWriteRefusesToFollowALink() throws {
        let target = folder.path("elsewhere")
        XCTAssertTrue(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8)))
        try FileManager.default.createSymbolicLink(atPath: folder.path("token"), withDestinationPath: target)
        XCTAssertThrowsError(try TokenFile(path: folder.path("token")).write(try login())) {
            XCTAssertEqual($0 as? TokenFileError, .symbolicLink(path: self.folder.path("token")))
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep")
        try FileManager.default.createDirectory(atPath: folder.path("dir"), withIntermediateDirectories: false)
        XCTAssertThrowsError(try TokenFile(path: folder.path("dir")).write(try login())) {
            XCTAssertEqual($0 as? TokenFileError, .notRegularFile(path: self.folder.path("dir")))
        }
    }

    func testAWriteWhereNoFolderCanBeMadeSaysSo() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.path("plain"), contents: Data()))
        let file = TokenFile(path: folder.path("plain/stackterm/token"))
        XCTAssertThrowsError(try file.write(try login())) { error in
            guard case .unwritable(let path, let reason)? = error as? TokenFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file.path)
            XCTAssertTrue(reason.contains("not a folder"), reason)
            XCTAssertFalse("\(error)".contains(self.secret))
        }
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func inode(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return UInt64(info.st_ino)
    }
}
