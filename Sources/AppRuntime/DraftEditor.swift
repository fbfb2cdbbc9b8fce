import AppCore
import Foundation
import Spawning
import StackAPI
import TextEngine

/// Opens the user's editor (`VISUAL`, then `EDITOR`, then `vi`) on a draft in a file of its own — a 0600 file in a
/// fresh 0700 folder, removed after — with the terminal handed over, and reads back what it left. The file starts
/// with a Markdown comment naming what is written and how; that header is taken off again.
enum DraftEditor {
    /// The largest draft read back (the API takes 30,000 characters for an answer).
    static let maximumBytes = 1_048_576

    /// The editor command line `environment` names: `VISUAL`, else `EDITOR`, else `vi`.
    static func command(_ environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// The first line of the header, by which it is found again.
    static let headerStart = "<!-- stackterm:"

    /// The file's text: the header, a blank line, then `text`.
    static func fileText(_ request: EditRequest, text: String) -> String {
        // "--" would end the comment early: a title cannot close it.
        let title = TerminalSafety.sanitize(request.title).split(whereSeparator: \.isNewline).joined(separator: " ")
            .replacingOccurrences(of: "--", with: "- -")
        let what = switch request.compose.target {
        case .answer: "your answer to"
        case .comment: "your comment on"
        }
        return """
            \(headerStart) \(what) "\(title)" on \(request.compose.site).
                 Write Markdown below this comment; save and quit to see a preview (nothing is sent before Enter).
                 An empty file sends nothing. What you write is kept as a draft until the \(request.compose.noun) is posted. -->

            """ + text
    }

    /// What the user wrote: `fileText` without the header (when it is still there) and the blank lines after it.
    static func body(of fileText: String) -> String {
        guard fileText.hasPrefix(headerStart), let end = fileText.range(of: "-->") else { return fileText }
        return String(fileText[end.upperBound...].drop { $0 == "\n" || $0 == "\r" })
    }

    /// Runs the editor on `text` for `request` with the terminal handed over; the text it left, or why not.
    static func edit(_ request: EditRequest, text: String, environment: [String: String],
                     handOver: TerminalHandOver?) -> Result<String, EditorFailure> {
        guard let handOver else { return .failure(EditorFailure("no terminal to hand over")) }
        var template = Array(NSTemporaryDirectory().appending("stackterm-draft-XXXXXX").utf8CString)
        guard let folderPointer = mkdtemp(&template) else {
            return .failure(EditorFailure("no folder for the draft (\(String(cString: strerror(errno))))"))
        }
        let folder = String(cString: folderPointer)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + request.compose.noun + ".md"
        guard FileManager.default.createFile(atPath: path, contents: Data(fileText(request, text: text).utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            return .failure(EditorFailure("the draft file could not be written in \(folder)"))
        }
        let editor = command(environment)
        var ending: Result<ChildEnding, POSIXError> = .failure(POSIXError(.EINVAL))
        handOver.perform {
            // The shell splits the command as the user wrote it (`code -w`, `vim -u NONE`); the file is its one argument.
            ending = ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", editor + " \"$1\"", "stackterm-editor", path],
                                           environment: environment.filter { !BrowserLauncher.withheldVariables.contains($0.key) },
                                           input: handOver.input, output: handOver.output)
        }
        switch ending {
        case .failure(let error):
            return .failure(EditorFailure("\(editor) could not start (\(String(cString: strerror(error.code.rawValue))))"))
        case .success(let end) where end != .exited(0):
            return .failure(EditorFailure("\(editor) ended with status \(end.shellStatus)"))
        case .success:
            break
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(EditorFailure("the draft file was removed"))
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
        guard data.count <= maximumBytes else { return .failure(EditorFailure("the draft is larger than 1 MB")) }
        return .success(body(of: String(decoding: data, as: UTF8.self)))
    }
}
