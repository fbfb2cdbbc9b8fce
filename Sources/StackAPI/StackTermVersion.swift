/// The program's version, shared by `--version` and the User-Agent header.
public enum StackTermVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
