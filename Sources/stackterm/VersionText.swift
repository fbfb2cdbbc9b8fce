import StackAPI

/// What `stackterm --version` prints: the version and the commit the binary was built from (`BuildCommit`, written
/// by the CommitStamp build plugin from git; "unknown commit" when built outside a git clone).
enum VersionText {
    static let line = "stackterm \(StackTermVersion.current) (\(BuildCommit.id.map { "commit " + $0 } ?? "unknown commit"))"
}
