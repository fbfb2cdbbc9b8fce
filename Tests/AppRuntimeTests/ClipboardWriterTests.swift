import AppCore
import AppRuntime
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import XCTest

/// "Copy link": the OSC 52 bytes, their delivery to a descriptor, and tmux storing the text when a program
/// in its pane sends them (with `set-clipboard on`).
final class ClipboardWriterTests: XCTestCase {
    private static let childVariable = "STACKTERM_OSC52_CHILD"

    func testSequenceForASCIIText() {
        // Expected base64 from `printf %s 'https://stackoverflow.com/q/1' | base64`.
        let expected = "\u{1B}]52;c;aHR0cHM6Ly9zdGFja292ZXJmbG93LmNvbS9xLzE=\u{07}"
        XCTAssertEqual(ClipboardWriter.sequence(for: "https://stackoverflow.com/q/1"), Array(expected.utf8))
    }

    func testSequenceForUTF8Text() {
        // Expected base64 from `printf %s 'héllo 中文 👍' | base64`.
        let expected = "\u{1B}]52;c;aMOpbGxvIOS4reaWhyDwn5GN\u{07}"
        XCTAssertEqual(ClipboardWriter.sequence(for: "héllo 中文 👍"), Array(expected.utf8))
        XCTAssertEqual(ClipboardWriter.sequence(for: ""), Array("\u{1B}]52;c;\u{07}".utf8))
    }

    func testWriteDeliversTheWholeSequence() throws {
        let text = String(repeating: "https://example.com/q/1 ", count: 2000)
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        // The pipe holds 64 kB; read concurrently so a larger write could not block forever.
        let received = NIOLockedValueBox<[UInt8]>([])
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let count = read(reader, &buffer, buffer.count), count > 0 { let chunk = buffer[..<count]; received.withLockedValue { $0 += chunk } }
            drained.signal()
        }
        XCTAssertNoThrow(try ClipboardWriter.write(text, to: writer).get())
        close(writer)
        drained.wait()
        XCTAssertEqual(received.withLockedValue { $0 }, ClipboardWriter.sequence(for: text))
    }

    func testWriteToABadDescriptorFailsClearly() {
        let result = ClipboardWriter.write("x", to: -1)
        guard case .failure(let error) = result else { return XCTFail("writing to descriptor -1 succeeded") }
        XCTAssertEqual(error.code, EBADF)
        XCTAssertEqual(error.description, "Could not copy to the clipboard: Bad file descriptor")
    }

    func testCopyLinkWritesTheSequenceAndShowsTheLink() throws {
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        let action = ExternalActions(terminalDescriptor: writer).copyLink("https://example.com/a/2")
        close(writer)
        XCTAssertEqual(action, .notify("Copied link: https://example.com/a/2", isError: false))
        XCTAssertEqual(try FileHandle(fileDescriptor: reader).readToEnd().map(Array.init),
                       ClipboardWriter.sequence(for: "https://example.com/a/2"))
        let failed = ExternalActions(terminalDescriptor: -1).copyLink("https://example.com/a/2")
        XCTAssertEqual(failed, .notify("Could not copy to the clipboard: Bad file descriptor — link: https://example.com/a/2",
                                       isError: true))
    }

    func testCopyLinkRefusesUnsafeLinksAndCopiesTheNormalisedForm() throws {
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        let actions = ExternalActions(terminalDescriptor: writer)
        let pasteBreakout = "https://example.com/q/1\u{1B}[201~\nrm -rf ~\n"
        XCTAssertEqual(actions.copyLink(pasteBreakout), .notify("Not copied: the link contains a control character", isError: true))
        XCTAssertEqual(actions.copyLink("https://example.com/\u{9B}201~"),
                       .notify("Not copied: the link contains a control character", isError: true))
        XCTAssertEqual(actions.copyLink("https://example.com/\u{202E}txt.exe"),
                       .notify("Not copied: the link contains a bidirectional text control", isError: true))
        XCTAssertEqual(actions.copyLink("javascript:alert(1)"),
                       .notify("Not copied: the link is not an http or https address", isError: true))
        XCTAssertEqual(actions.copyLink("https://example.com/q/中"),
                       .notify("Copied link: https://example.com/q/%E4%B8%AD", isError: false))
        close(writer)
        XCTAssertEqual(try FileHandle(fileDescriptor: reader).readToEnd().map(Array.init),
                       ClipboardWriter.sequence(for: "https://example.com/q/%E4%B8%AD"), "only the accepted link was written")
    }

    /// The child: writes the sequence for the text in its environment to standard output (the tmux pane).
    func testClipboardChild() throws {
        guard let text = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("runs only as the child of testTmuxStoresTheCopiedText, inside a tmux pane")
        }
        XCTAssertNoThrow(try ClipboardWriter.write(text, to: STDOUT_FILENO).get())
    }

    func testTmuxStoresTheCopiedText() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, TmuxSession.unavailableMessage)
        guard let binary = TestBinary.path else { throw XCTSkip("test binary not runnable: \(CommandLine.arguments[0])") }
        let folder = try TemporaryDirectory("osc52")
        defer { folder.remove() }

        let text = "https://example.com/q/1?title=中文 ünïcode;$(x)"
        let status = folder.url.appendingPathComponent("status").path
        let script = """
            read go
            '\(binary)' AppRuntimeTests.ClipboardWriterTests/testClipboardChild 2> '\(status).stderr'
            echo $? > '\(status).tmp'; mv '\(status).tmp' '\(status)'
            read done
            """
        let tmux = try TmuxSession(command: ["/bin/sh", "-c", script], width: 80, height: 24, environment: [Self.childVariable: text])
        defer { tmux.kill() }
        try tmux.setServerOption("set-clipboard", "on")
        try tmux.sendKeys(.key("Enter"))
        let finished = tmux.waitUntil(timeout: 90) { _ in FileManager.default.fileExists(atPath: status) }
        XCTAssertTrue(finished, "child did not finish; screen:\n\(tmux.screenDump())")
        XCTAssertEqual(try String(contentsOfFile: status, encoding: .utf8), "0\n", tmux.screenDump())
        let stored = tmux.waitUntil(timeout: 10) { _ in (try? tmux.showBuffer()) == text }
        XCTAssertTrue(stored, "tmux buffer: \((try? tmux.showBuffer()) ?? "none")")
    }

    func testCopyCodeWritesTheBlockAndCountsItsLines() throws {
        let code = "main = do\n\tputStrLn \"hi\" -- 中文\n"
        let (reader, writer) = try makePipe()
        defer { close(reader) }
        let action = ExternalActions(terminalDescriptor: writer).copyCode(code)
        close(writer)
        XCTAssertEqual(action, .notify("Copied code block (2 lines)", isError: false))
        XCTAssertEqual(try FileHandle(fileDescriptor: reader).readToEnd().map(Array.init), ClipboardWriter.sequence(for: code))
        XCTAssertEqual(ExternalActions(terminalDescriptor: -1).copyCode("x"),
                       .notify("Could not copy to the clipboard: Bad file descriptor — code block (1 line)", isError: true))
        XCTAssertEqual(ExternalActions(terminalDescriptor: -1).copyCode(nil), .notify("No code block in view", isError: false))
    }

    private func makePipe() throws -> (reader: Int32, writer: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (descriptors[0], descriptors[1])
    }
}
