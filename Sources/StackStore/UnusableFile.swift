/// The one way a message says that a file stackterm needs cannot be used: which file, its path, and why, in words.
public enum UnusableFile {
    /// `the local store PATH cannot be used: REASON`.
    public static func store(_ path: String, _ reason: String) -> String {
        "the local store \(path) cannot be used: \(reason)"
    }

    /// `the sample site's archive PATH cannot be used: REASON`.
    public static func sample(_ path: String, _ reason: String) -> String {
        "the sample site's archive \(path) cannot be used: \(reason)"
    }
}
