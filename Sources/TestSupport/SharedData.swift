import Foundation

/// Locates the real Stack Exchange content in `../shared/data` (or `$STACKTERM_DATA`).
public enum SharedData {
    /// Root of the shared data folder, or nil when it is absent.
    public static var root: URL? {
        let env = ProcessInfo.processInfo.environment["STACKTERM_DATA"]
        let url = env.map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return url.standardizedFileURL
    }

    /// The package root (the folder holding Package.swift).
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() } // Sources/TestSupport/SharedData.swift
        return url
    }

    /// A file or folder below the data root, or nil (with a visible message) when the data is absent.
    public static func path(_ relative: String) -> URL? {
        guard let root else {
            FileHandle.standardError.write(Data("SKIPPED: shared data not found (set STACKTERM_DATA or put ../shared/data beside the package)\n".utf8))
            return nil
        }
        return root.appendingPathComponent(relative)
    }

    /// Every dump folder (one site each) under `dumps/`.
    public static var dumpFolders: [URL] {
        guard let dumps = path("dumps"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dumps.path) else { return [] }
        return names.sorted().map { dumps.appendingPathComponent($0) }
    }

    /// Every recorded JSON response under `api/` (REQUESTS.json indexes excluded).
    public static var recordedResponses: [URL] {
        guard let api = path("api"),
              let walker = FileManager.default.enumerator(at: api, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" && $0.lastPathComponent != "REQUESTS.json" }
            .sorted { $0.path < $1.path }
    }
}

/// Finds executables built beside the running test bundle or benchmark.
public enum BuildProducts {
    /// The build folder this process runs from (e.g. `.build/x86_64-unknown-linux-gnu/debug`).
    public static var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Path of a built executable product, e.g. `stackterm` or `stackexchange-double`.
    public static func executable(_ name: String) -> URL {
        var dir = directory
        // The xctest bundle may be a directory on some platforms; walk up until the product is found.
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}
