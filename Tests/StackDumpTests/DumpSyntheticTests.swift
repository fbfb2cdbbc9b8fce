import Foundation
import StackDump
import TestSupport
import XCTest

/// Quirks and failures on small hand-written files (the real dumps happen not to contain every form).
final class DumpSyntheticTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryDirectory("dump-tests")
    }

    override func tearDownWithError() throws {
        temporary?.remove()
    }

    private func write(_ name: String, _ text: String, bom: Bool = true) throws -> URL {
        let url = folder.appendingPathComponent(name)
        var data = bom ? Data([0xEF, 0xBB, 0xBF]) : Data()
        data.append(Data(text.utf8))
        try data.write(to: url)
        return url
    }

    private func posts(_ url: URL) throws -> [DumpPost] {
        var result: [DumpPost] = []
        try DumpReader.forEachPost(in: url) { result.append($0) }
        return result
    }

    func testDoctypeNamingAnAbsentDTDIsIgnored() throws {
        let url = try write("Posts.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE posts SYSTEM "http://127.0.0.1:9/absent/posts.dtd">
            <posts>
              <row Id="7" PostTypeId="1" CreationDate="2020-01-02T03:04:05" Score="-2" Title="A &amp; B &lt;c&gt;" Body="&lt;p&gt;x&lt;/p&gt;&#xD;&#xA;y" Tags="|swift|linux|" />
            </posts>
            """)
        let result = try posts(url)
        XCTAssertEqual(result.count, 1)
        let post = try XCTUnwrap(result.first)
        XCTAssertEqual(post.id, 7)
        XCTAssertEqual(post.score, -2)
        XCTAssertEqual(post.title, "A & B <c>")
        XCTAssertEqual(post.body, "<p>x</p>\ny")
        XCTAssertEqual(post.tags, ["swift", "linux"])
        XCTAssertEqual(post.creationDate.timeIntervalSince1970, 1_577_934_245)
    }

    func testLocalDoctypeFileIsAbsentToo() throws {
        let url = try write("Tags.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE tags SYSTEM "tags.dtd">
            <tags><row Id="1" TagName="c++" Count="3" /><row Id="2" TagName="r" Count="0" /></tags>
            """, bom: false)
        var tags: [DumpTag] = []
        try DumpReader.forEachTag(in: url) { tags.append($0) }
        XCTAssertEqual(tags, [DumpTag(id: 1, name: "c++", count: 3), DumpTag(id: 2, name: "r", count: 0)])
    }

    func testTagListFormats() {
        XCTAssertEqual(DumpTagList.parse("<a><b-c>"), ["a", "b-c"])
        XCTAssertEqual(DumpTagList.parse("|a|b-c|"), ["a", "b-c"])
        XCTAssertEqual(DumpTagList.parse(""), [])
    }

    func testMalformedXMLNamesFileAndLine() throws {
        let url = try write("Posts.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <posts>
              <row Id="1" PostTypeId="1" CreationDate="2020-01-02T03:04:05.123" />
              <row Id="2" PostTypeId="1" CreationDate="2020-01-02T03:04:05.123" Body="a <b" />
            </posts>
            """)
        var seen: [Int] = []
        XCTAssertThrowsError(try DumpReader.forEachPost(in: url) { seen.append($0.id) }) { error in
            guard case DumpError.malformedXML(let file, let line, _, let message) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "Posts.xml")
            XCTAssertEqual(line, 4)
            XCTAssertTrue(message.contains("code 38"), message) // libxml2 XML_ERR_LT_IN_ATTRIBUTE
            XCTAssertTrue(String(describing: error).hasPrefix("Posts.xml:4:"))
        }
        XCTAssertEqual(seen, [1])
    }

    /// Found by Fuzz/run.sh dump: libxml2's push parser crashed (SEGV) on another encoding, declared or detected
    /// from the first bytes, followed by bytes it could not read. Such files are now refused before parsing.
    func testDeclaredEncodingOtherThanUTF8IsMalformedNotACrash() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("<?xml version=\"1.0\" encoding=\"utf8-\"?>\r".utf8))
        data.append(contentsOf: [0xFF, 0x3C, 0x72])
        let url = folder.appendingPathComponent("Posts.xml")
        try data.write(to: url)
        XCTAssertThrowsError(try posts(url)) { error in
            XCTAssertEqual(error as? DumpError, .malformedXML(file: "Posts.xml", line: 1, column: 1, message: "encoding \"utf8-\" is not UTF-8"))
        }
        let latin = try write("Tags.xml", "<?xml version='1.0' encoding='ISO-8859-1'?>\n<tags></tags>")
        XCTAssertThrowsError(try DumpReader.forEachTag(in: latin) { _ in })
        let ucs4 = folder.appendingPathComponent("Comments.xml")
        try Data([0, 0, 0, 0x3C, 0x3F, 0x7C, 0x6D, 0x6C, 0x20, 0x0D, 0xFF, 0xFF, 0x25, 0, 0, 0x67, 0x73, 0x3E]).write(to: ucs4)
        XCTAssertThrowsError(try DumpReader.forEachComment(in: ucs4) { _ in }) { error in
            guard case DumpError.malformedXML(_, 1, 1, _)? = error as? DumpError else { return XCTFail("\(error)") }
        }
        let utf8 = try write("Users.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<users></users>")
        XCTAssertNoThrow(try DumpReader.forEachUser(in: utf8) { _ in })
    }

    /// Found by Fuzz/run.sh dump: a processing instruction without data (`<?stackterm?>`) anywhere in the file
    /// made Foundation's XMLParser call `strlen(NULL)` (a SEGV). The reader now runs libxml2 itself and skips them.
    func testProcessingInstructionWithoutDataIsSkippedNotACrash() throws {
        let url = try write("Posts.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <?stackterm?>
            <posts>
              <?x?>
              <row Id="1" PostTypeId="1" CreationDate="2020-01-02T03:04:05" /><?stackterm?>
              <row Id="2" PostTypeId="2" ParentId="1" CreationDate="2020-01-02T03:04:06" /><?y with data?>
            </posts>
            <?z?>
            """)
        XCTAssertEqual(try posts(url).map(\.id), [1, 2])
    }

    /// PostLinks.xml goes through the same libxml2 reader (the store read it with FoundationXML's XMLParser,
    /// which crashed on an empty processing instruction).
    func testPostLinksAreReadAndAHostileOneIsAnErrorNotACrash() throws {
        let url = try write("PostLinks.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <postlinks><?x?>
              <row Id="19" CreationDate="2021-05-01T00:00:00.000" PostId="7" RelatedPostId="3" LinkTypeId="3" />
              <row Id="20" CreationDate="2021-05-01T00:00:00.000" PostId="8" RelatedPostId="7" LinkTypeId="1" />
            </postlinks>
            """)
        var links: [DumpPostLink] = []
        try DumpReader.forEachPostLink(in: url) { links.append($0) }
        XCTAssertEqual(links, [DumpPostLink(postID: 7, relatedPostID: 3, type: 3), DumpPostLink(postID: 8, relatedPostID: 7, type: 1)])
        let bad = try write("PostLinks.xml", "<postlinks>\n<row Id=\"1\" PostId=\"x\" RelatedPostId=\"2\" LinkTypeId=\"1\" />\n</postlinks>")
        XCTAssertThrowsError(try DumpReader.forEachPostLink(in: bad) { _ in }) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("PostLinks.xml:2"), "\(error)")
        }
    }

    func testMissingAttributeAndBadValuesAreClearErrors() throws {
        let noID = try write("Comments.xml", """
            <comments>
              <row PostId="1" Text="hi" CreationDate="2020-01-02T03:04:05" />
            </comments>
            """)
        XCTAssertThrowsError(try DumpReader.forEachComment(in: noID) { _ in }) { error in
            XCTAssertEqual(error as? DumpError, .invalidRow(file: "Comments.xml", line: 2, message: "missing attribute Id"))
        }
        let badDate = try write("Users.xml", """
            <users><row Id="3" DisplayName="x" Reputation="5" CreationDate="yesterday" /></users>
            """)
        XCTAssertThrowsError(try DumpReader.forEachUser(in: badDate) { _ in }) { error in
            XCTAssertTrue(String(describing: error).contains("CreationDate=\"yesterday\" is not a date"))
        }
    }

    func testErrorThrownByTheCallbackStopsReading() throws {
        struct Stop: Error {}
        let url = try write("Tags.xml", "<tags><row Id=\"1\" TagName=\"a\" /><row Id=\"2\" TagName=\"b\" /></tags>")
        var count = 0
        XCTAssertThrowsError(try DumpReader.forEachTag(in: url) { _ in count += 1; throw Stop() }) { error in
            XCTAssertTrue(error is Stop)
        }
        XCTAssertEqual(count, 1)
    }

    func testMissingFileIsUnreadable() {
        let url = folder.appendingPathComponent("Nope.xml")
        XCTAssertThrowsError(try DumpReader.forEachPost(in: url) { _ in }) { error in
            XCTAssertEqual(error as? DumpError, .unreadable(file: url.path))
        }
    }

    func testFolderWithoutOptionalTablesGivesEmptyLists() throws {
        XCTAssertEqual(try DumpReader.users(inFolder: folder), [])
        XCTAssertEqual(try DumpReader.comments(inFolder: folder), [])
        XCTAssertEqual(try DumpReader.tags(inFolder: folder), [])
    }

    func testOutOfRangeNumbersAndDatesAreRowErrorsNotTraps() throws {
        let cases: [(row: String, message: String)] = [
            (#"<row Id="1" PostTypeId="1" CreationDate="2020-01-02T03:04:05" Score="99999999999999999999" />"#,
             #"Score="99999999999999999999" is not an integer"#),
            (#"<row Id="1e20" PostTypeId="1" CreationDate="2020-01-02T03:04:05" />"#, #"Id="1e20" is not an integer"#),
            (#"<row Id="1" PostTypeId="1" CreationDate="99999-01-02T03:04:05" />"#,
             #"CreationDate="99999-01-02T03:04:05" is not a date like 2021-04-27T15:06:44.553"#),
            (#"<row Id="1" PostTypeId="1" CreationDate="2020-13-02T03:04:05" />"#,
             #"CreationDate="2020-13-02T03:04:05" is not a date like 2021-04-27T15:06:44.553"#),
        ]
        for (row, message) in cases {
            let url = try write("Posts.xml", "<posts>\n\(row)\n</posts>")
            XCTAssertThrowsError(try posts(url), row) { error in
                XCTAssertEqual(error as? DumpError, .invalidRow(file: "Posts.xml", line: 2, message: message))
            }
        }
        let url = try write("Posts.xml", #"<posts><row Id="1" PostTypeId="1" CreationDate="9999-12-31T23:59:59.999" /></posts>"#)
        let post = try XCTUnwrap(try posts(url).first)
        XCTAssertEqual(post.creationDate.timeIntervalSince1970, 253_402_300_799.999, accuracy: 0.001, "the last second a dump can name")
    }
}
