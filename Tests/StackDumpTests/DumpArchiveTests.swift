import Foundation
import StackDump
import TestSupport
import XCTest

/// Dump archives made here with Debian's 7zz from the shared dumps, read back through libarchive.
final class DumpArchiveTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        guard SharedData.root != nil else { throw XCTSkip("SKIPPED: shared data absent (set STACKTERM_DATA)") }
        guard SevenZip.executable != nil else { throw XCTSkip("SKIPPED: 7zz not installed (Debian package 7zip; .ci/setup installs it)") }
        temporary = try TemporaryDirectory("stackterm-archive")
    }

    override func tearDown() {
        temporary?.remove()
    }

    private func site(_ name: String) throws -> URL {
        try XCTUnwrap(SharedData.dumpFolders.first { $0.lastPathComponent == name }, "no \(name) dump")
    }

    /// Every entry of the archive at `url`, read whole.
    private func entries(of url: URL) throws -> [String: Data] {
        var read: [String: Data] = [:]
        try DumpArchive.forEachEntry(in: url) { entry in
            var bytes = Data()
            try entry.forEachBlock { bytes.append(contentsOf: $0) }
            if let size = entry.size { XCTAssertEqual(Int64(bytes.count), size, entry.name) }
            read[entry.name] = bytes
        }
        return read
    }

    func testA7zArchiveGivesBackEveryFileByteForByte() throws {
        let cardano = try site("cardano")
        let files = try FileManager.default.contentsOfDirectory(at: cardano, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }
        let archive = folder.appendingPathComponent("cardano.stackexchange.com.7z")
        try SevenZip.archive(files, to: archive)
        let read = try entries(of: archive)
        XCTAssertEqual(Set(read.keys), Set(files.map(\.lastPathComponent)))
        for file in files {
            XCTAssertEqual(read[file.lastPathComponent], try Data(contentsOf: file), file.lastPathComponent)
        }
    }

    func testEntriesInAFolderKeepTheirPathAndFileName() throws {
        let archive = folder.appendingPathComponent("nested.7z")
        try SevenZip.archive([try site("coffee")], to: archive)
        var names: [(String, String)] = []
        try DumpArchive.forEachEntry(in: archive) { names.append(($0.name, $0.fileName)) }
        XCTAssertEqual(names.map(\.0), ["coffee/Posts.xml"])
        XCTAssertEqual(names.map(\.1), ["Posts.xml"])
    }

    func testATruncatedArchiveIsAnErrorNamingTheArchiveNotACrash() throws {
        let archive = folder.appendingPathComponent("beer.7z")
        try SevenZip.archive([try site("beer").appendingPathComponent("Posts.xml")], to: archive)
        let whole = try Data(contentsOf: archive)
        let truncated = folder.appendingPathComponent("beer.truncated.7z")
        try whole.prefix(whole.count / 2).write(to: truncated)
        XCTAssertThrowsError(try entries(of: truncated)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("beer.truncated.7z: "), text)
        }
    }

    func testDamagedCompressedBytesNameTheEntry() throws {
        let archive = folder.appendingPathComponent("beer.7z")
        try SevenZip.archive([try site("beer").appendingPathComponent("Posts.xml")], to: archive)
        var bytes = try Data(contentsOf: archive)
        // 7z: a 32-byte signature header, then the packed streams; damage the middle of the packed data.
        for offset in stride(from: 1_000, to: min(bytes.count / 2, 200_000), by: 997) { bytes[offset] ^= 0x5A }
        let damaged = folder.appendingPathComponent("damaged.7z")
        try bytes.write(to: damaged)
        XCTAssertThrowsError(try entries(of: damaged)) { error in
            guard case DumpArchiveError.corrupt(let archive, let entry, _, _) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(archive, "damaged.7z")
            XCTAssertEqual(entry, "Posts.xml")
            XCTAssertTrue(String(describing: error).hasPrefix("damaged.7z: Posts.xml is damaged after "), "\(error)")
        }
    }

    func testAFileThatIsNoArchiveOrIsMissingIsUnreadable() throws {
        let xml = try site("coffee").appendingPathComponent("Posts.xml")
        for url in [xml, folder.appendingPathComponent("missing.7z")] {
            XCTAssertThrowsError(try entries(of: url)) { error in
                guard case DumpArchiveError.unreadable(let archive, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(archive, url.lastPathComponent)
            }
        }
    }

    func testAnEntryKeptPastItsTurnCannotBeRead() throws {
        let archive = folder.appendingPathComponent("coffee.7z")
        try SevenZip.archive([try site("coffee").appendingPathComponent("Posts.xml")], to: archive)
        var kept: DumpArchiveEntry?
        try DumpArchive.forEachEntry(in: archive) { kept = $0 }
        XCTAssertThrowsError(try kept?.forEachBlock { _ in }) { error in
            XCTAssertEqual(error as? DumpArchiveError, .entryNotCurrent(archive: "coffee.7z", entry: "Posts.xml"))
        }
    }
}
