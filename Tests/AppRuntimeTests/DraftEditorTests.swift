@testable import AppRuntime
import AppCore
import Foundation
import StackAPI
import XCTest

/// The editor of answers and comments (issue 31, part 5): `VISUAL`, then `EDITOR`, then `vi`; the file starts with a
/// header that cannot be closed early by a title and is taken off again; the terminal is handed over around the
/// editor; a failing editor or a missing file is said, never sent.
final class DraftEditorTests: XCTestCase {
    private let request = EditRequest(compose: PostCompose(site: "cardano", target: .answer(questionID: 5)),
                                      title: "How -- are NFTs --> minted\u{1b}[2J?", text: nil)
    private let recorder = HandOverRecorder()
    private var events: [String] { recorder.events }

    private func handOver() -> TerminalHandOver {
        recorder.handOver(closedAfter: self)
    }

    /// A shell script as the editor: `body` runs with the file as `$1`.
    private func editor(_ body: String) throws -> String {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        addTeardownBlock { try? FileManager.default.removeItem(at: script) }
        return script.path
    }

    func testVisualThenEditorThenVi() {
        XCTAssertEqual(DraftEditor.command(["VISUAL": "nano", "EDITOR": "vim"]), "nano")
        XCTAssertEqual(DraftEditor.command(["VISUAL": " ", "EDITOR": "vim -u NONE"]), "vim -u NONE")
        XCTAssertEqual(DraftEditor.command([:]), "vi")
    }

    func testTheHeaderNamesThePostAndCannotBeClosedByATitle() {
        let text = DraftEditor.fileText(request, text: "my draft")
        XCTAssertTrue(text.hasPrefix("<!-- stackterm: your answer to \"How - - are NFTs - -> minted"), text)
        XCTAssertEqual(text.components(separatedBy: "-->").count, 2, "one comment end, the header's own")
        XCTAssertFalse(text.contains("\u{1b}"))
        XCTAssertEqual(DraftEditor.body(of: text), "my draft")
        XCTAssertEqual(DraftEditor.body(of: "no header\n--> kept"), "no header\n--> kept", "a file without the header is all text")
    }

    func testTheEditorRunsWithTheTerminalHandedOverAndItsTextComesBack() throws {
        let script = try editor("grep -q 'draft so far' \"$1\" && printf 'and more\\n' >> \"$1\"")
        let result = DraftEditor.edit(request, text: "draft so far\n", environment: ["EDITOR": script, "PATH": "/usr/bin:/bin"],
                                      handOver: handOver())
        XCTAssertEqual(try result.get(), "draft so far\nand more\n")
        XCTAssertEqual(events, ["suspend", "resume"])
    }

    func testAFailingEditorIsSaidAndNothingComesBack() throws {
        let script = try editor("echo written >> \"$1\"; exit 3")
        let result = DraftEditor.edit(request, text: "", environment: ["EDITOR": script, "PATH": "/usr/bin:/bin"], handOver: handOver())
        guard case .failure(let failure) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(failure.reason, "\(script) ended with status 3")
        XCTAssertEqual(events, ["suspend", "resume"], "the terminal is taken back")
    }

    func testTheDraftFileIsPrivateAndGoneAfter() throws {
        let seen = FileManager.default.temporaryDirectory.appendingPathComponent("seen-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: seen) }
        let script = try editor("stat -c '%a' \"$1\" \"$(dirname \"$1\")\" > '\(seen.path)'; echo \"$1\" >> '\(seen.path)'")
        _ = DraftEditor.edit(request, text: "", environment: ["EDITOR": script, "PATH": "/usr/bin:/bin"], handOver: handOver())
        let lines = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(2)), ["600", "700"], "the file 0600 in a 0700 folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: lines[2]), "removed after")
    }
}
