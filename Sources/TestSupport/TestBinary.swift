import Foundation

/// The running test binary, for tests that run one of its own tests again as a child (in a tmux pane).
public enum TestBinary {
    /// Its path with links resolved; nil when that file cannot be run.
    public static var path: String? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
    }
}
