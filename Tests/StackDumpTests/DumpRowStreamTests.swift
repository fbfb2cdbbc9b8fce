import Foundation
import StackDump
import TestSupport
import XCTest

/// `DumpRowStream` fed in pieces of every size gives what reading the whole file gives.
final class DumpRowStreamTests: XCTestCase {
    private let sample = Data("""
        \u{FEFF}<?xml version="1.0" encoding="utf-8"?>
        <posts>
          <row Id="1" PostTypeId="1" CreationDate="2020-01-02T03:04:05.5" Title="A &amp; B" Body="&lt;p&gt;x&lt;/p&gt;&#xD;&#xA;y" Tags="|a|b|" />
          <row Id="2" PostTypeId="2" ParentId="1" Score="-3" CreationDate="2020-01-02T03:04:06" Body="caf&#xE9; 日本 🍺" />
        </posts>
        """.utf8)

    /// Pushes `data` in pieces of `size` bytes (the last one shorter), then finishes.
    private func posts(_ data: Data, pieces size: Int, fileName: String = "Posts.xml") throws -> [DumpPost] {
        var result: [DumpPost] = []
        let stream = DumpRowStream.posts(fileName: fileName) { result.append($0) }
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + size, bytes.count)
                try stream.push(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
            }
        }
        try stream.finish()
        return result
    }

    func testEveryPieceSizeGivesTheSameRows() throws {
        let whole = try posts(sample, pieces: sample.count)
        XCTAssertEqual(whole.map(\.id), [1, 2])
        XCTAssertEqual(whole.first?.title, "A & B")
        XCTAssertEqual(whole.first?.body, "<p>x</p>\ny")
        XCTAssertEqual(whole.last?.body, "café 日本 🍺")
        for size in [1, 2, 3, 7, 64, 511, 512, 513] {
            XCTAssertEqual(try posts(sample, pieces: size), whole, "pieces of \(size) bytes")
        }
    }

    func testRealPostsInOddPiecesMatchTheFileReader() throws {
        guard let folder = SharedData.dumpFolders.first(where: { $0.lastPathComponent == "coffee" }) else {
            throw XCTSkip("SKIPPED: shared dump coffee not found (set STACKTERM_DATA)")
        }
        let file = folder.appendingPathComponent("Posts.xml")
        let expected = try DumpReader.posts(inFolder: folder)
        let data = try Data(contentsOf: file)
        for size in [1, 4_093, 65_536 + 17, data.count] {
            XCTAssertEqual(try posts(data, pieces: size), expected, "pieces of \(size) bytes")
        }
    }

    func testAnErrorIsAtTheSamePlaceWhateverThePieces() throws {
        let bad = Data("<posts>\n<row Id=\"1\" PostTypeId=\"1\" CreationDate=\"2020-01-02T03:04:05\" />\n<row Id=\"2\" Body=\"a <b\" />\n</posts>".utf8)
        for size in [1, 5, bad.count] {
            XCTAssertThrowsError(try posts(bad, pieces: size), "pieces of \(size)") { error in
                guard case DumpError.malformedXML("Posts.xml", 3, _, let message)? = error as? DumpError else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(message.hasSuffix("(code 38)"), message)
            }
        }
        let latin = Data("<?xml version=\"1.0\" encoding=\"latin1\"?><posts/>".utf8)
        XCTAssertThrowsError(try posts(latin, pieces: 1)) { error in
            XCTAssertEqual(error as? DumpError, .malformedXML(file: "Posts.xml", line: 1, column: 1, message: "encoding \"latin1\" is not UTF-8"))
        }
    }

    func testAFileCutOffMidRowGivesItsWholeRowsThenAnError() throws {
        let cut = sample.prefix(sample.count - 60)
        var seen: [Int] = []
        let stream = DumpRowStream.posts(fileName: "Posts.xml") { seen.append($0.id) }
        try cut.withUnsafeBytes { try stream.push($0) }
        XCTAssertThrowsError(try stream.finish()) { error in
            guard case DumpError.malformedXML("Posts.xml", _, _, _)? = error as? DumpError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(seen, [1])
    }

    func testAnEmptyFileIsMalformed() {
        let stream = DumpRowStream.tags { _ in XCTFail("no rows in an empty file") }
        XCTAssertThrowsError(try stream.finish()) { error in
            XCTAssertEqual(error as? DumpError, .malformedXML(file: "Tags.xml", line: 1, column: 1, message: "the file is empty"))
        }
    }

    func testAfterAnErrorEveryCallThrowsItAgain() throws {
        struct Stop: Error {}
        let stream = DumpRowStream.comments { _ in throw Stop() }
        let rows = Data(#"<comments><row Id="1" PostId="2" Text="t" CreationDate="2020-01-02T03:04:05" /></comments>"#.utf8)
        try rows.withUnsafeBytes { try stream.push($0) } // held back: shorter than the encoding check's head
        XCTAssertThrowsError(try stream.finish()) { XCTAssertTrue($0 is Stop) }
        XCTAssertThrowsError(try rows.withUnsafeBytes { try stream.push($0) }) { XCTAssertTrue($0 is Stop) }
        XCTAssertThrowsError(try stream.finish()) { XCTAssertTrue($0 is Stop) }
    }
}
