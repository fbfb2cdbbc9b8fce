import Foundation

/// The command line that opens a URL: the program (a full path) and its arguments, the URL one element.
public struct BrowserCommand: Hashable, Sendable {
    /// The program's full path.
    public let executable: String
    /// The arguments after the program name; the URL is one of them, whole.
    public let arguments: [String]

    /// The programs tried, in order, when `$BROWSER` names none that exists.
    public static let fallbackPrograms = ["xdg-open", "sensible-browser"]

    /// The first runnable command for `url` in `environment`: each entry of the `:`-separated `$BROWSER`
    /// (a program and arguments split on whitespace; `%s` in an argument is replaced by the URL, else the
    /// URL is appended), then `xdg-open`, then `sensible-browser`. Programs without a `/` are looked up on
    /// `$PATH`; entries naming no runnable program are skipped. Nil when none is found.
    public static func resolve(url: String, environment: [String: String]) -> BrowserCommand? {
        let searchPath = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let entries = (environment["BROWSER"] ?? "").split(separator: ":") + fallbackPrograms.map { $0[...] }
        for entry in entries {
            let words = entry.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let program = words.first, let executable = locate(program, in: searchPath) else { continue }
            return BrowserCommand(executable: executable, arguments: arguments(Array(words.dropFirst()), url: url))
        }
        return nil
    }

    /// `template` with each `%s` replaced by `url`; when none holds `%s`, the URL is appended as the last one.
    static func arguments(_ template: [String], url: String) -> [String] {
        guard template.contains(where: { $0.contains("%s") }) else { return template + [url] }
        return template.map { $0.replacingOccurrences(of: "%s", with: url) }
    }

    /// The full path of `program`: itself when it holds a `/`, else the first match in `searchPath`;
    /// nil unless it is an executable regular file.
    static func locate(_ program: String, in searchPath: [String]) -> String? {
        let candidates = program.contains("/") ? [program] : searchPath.filter { !$0.isEmpty }.map { "\($0)/\(program)" }
        return candidates.first(where: isExecutableFile)
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
