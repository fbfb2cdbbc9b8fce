import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (`enum BuildCommit { static let id: String? }`) into the target it is attached to: the
/// commit the package's git clone is at (12 hex digits), or nil outside a clone (a tarball) or without git.
/// The command runs again only when git's record of HEAD changes (a commit, a checkout), so an unchanged clone
/// builds nothing anew; local edits do not change the stamp.
@main
struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) && value="\\"$commit\\"" || value=nil
            printf '/// The commit this binary was built from; nil when built outside a git clone.\\n' > "$2"
            printf 'enum BuildCommit { static let id: String? = %s }\\n' "$value" >> "$2"
            """
        return [.buildCommand(displayName: "Stamping the git commit", executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, "commit-stamp", package.path, output.path],
                              inputFiles: headRecords(package.appending(path: ".git")), outputFiles: [output])]
    }

    /// The files of `git` that change when HEAD moves: HEAD, its log, the branch it names, the packed refs.
    private func headRecords(_ git: URL) -> [URL] {
        let head = git.appending(path: "HEAD")
        var paths = ["HEAD", "logs/HEAD", "packed-refs"]
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref: ") {
            paths.append(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return paths.map { git.appending(path: $0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
