import Foundation

/// A fake browser for launcher tests: a `/bin/sh` script in a temporary folder that records each launch's
/// argv (after the program name) in a file of its own, `launch-PID`, each element followed by a NUL byte
/// (so spaces, quotes and newlines in an argument survive exactly). The file appears whole (written under
/// another name, then moved). `before` runs first (probes), `after` last (e.g. `exec /bin/sleep 5`).
public struct FakeBrowser {
    /// The temporary folder holding the script and what it records.
    public let folder: URL
    /// The script's full path.
    public let path: String

    /// One recorded launch.
    public struct Launch {
        public let pid: pid_t
        public let arguments: [String]
    }

    /// Writes the script as `name` into a new temporary folder.
    public init(name: String = "fake-browser", before: String = "", after: String = "") throws {
        folder = try TemporaryDirectory("fake-browser").url
        path = folder.appendingPathComponent(name).path
        let script = """
            #!/bin/sh
            dir='\(folder.path)'
            \(before)
            for argument in "$@"; do printf '%s\\0' "$argument"; done > "$dir/launch-$$.tmp"
            /bin/mv "$dir/launch-$$.tmp" "$dir/launch-$$"
            \(after)
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// A path inside the folder (for marker files the script must never create).
    public func file(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// The launches recorded so far.
    public func launches() -> [Launch] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name -> Launch? in
            guard name.hasPrefix("launch-"), let pid = pid_t(name.dropFirst("launch-".count)),
                  let data = FileManager.default.contents(atPath: file(name)) else { return nil }
            var elements = data.split(separator: 0, omittingEmptySubsequences: false)
            if elements.last?.isEmpty == true { elements.removeLast() }
            return Launch(pid: pid, arguments: elements.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// Waits (10 s at most) until `count` launches are recorded and returns them; nil if they never came.
    public func waitForLaunches(_ count: Int) -> [Launch]? {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            let recorded = launches()
            if recorded.count >= count { return recorded }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return nil
    }

    /// Deletes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Process states read from `/proc`, to tell a running child from a zombie or a reaped one.
public enum ProcessProbe {
    /// The state letter of `pid` (`R`, `S`, `Z`…), nil once the process is gone (reaped).
    public static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst(2).first
    }

    /// Waits (10 s at most) until `pid` no longer exists, i.e. it exited and was reaped.
    public static func waitUntilGone(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            if state(of: pid) == nil { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return false
    }
}
