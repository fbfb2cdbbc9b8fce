import Foundation
import StackDump

/// Where an import reads a site's dump from: an extracted folder of its XML files, or the archive as distributed.
///
/// Both hand the import the same thing, one `DumpSourceFile` at a time on the reading thread, so the rest of the
/// pipeline (parse, batch, write, record progress) does not know which it reads. A folder gives its files in a
/// fixed order; an archive gives them in the order it holds them, in one streaming pass (solid 7z: no seeking), and
/// the import needs no order, since nothing it writes depends on another file (owners' names are joined when read).
public enum DumpSource: Sendable, Hashable {
    /// A folder holding `Posts.xml` and, when the dump has them, the other files.
    case folder(URL)
    /// A `.7z` archive (zip and tar are read too) holding the XML files, possibly under a folder.
    case archive(URL)

    public var url: URL {
        switch self {
        case .folder(let url), .archive(let url): url
        }
    }

    /// The files the store reads, in a folder's reading order.
    static let files: [(name: String, kind: DumpFileImport)] = [
        ("Users.xml", .users), ("Tags.xml", .tags), ("Posts.xml", .posts), ("Comments.xml", .comments),
        ("PostLinks.xml", .links),
    ]

    static func kind(ofFile name: String) -> DumpFileImport? {
        files.first { $0.name == name }?.kind
    }

    /// The bytes progress counts against: the folder's dump files together, or the archive file.
    func totalBytes() -> Int64? {
        switch self {
        case .folder(let folder):
            return Self.files.reduce(Int64(0)) { sum, file in
                sum + (Self.stat(folder.appendingPathComponent(file.name))?.size ?? 0)
            }
        case .archive(let archive):
            return Self.stat(archive)?.size
        }
    }

    /// The source at `url`, judged by `stat` without opening anything: a folder, or a regular file (the archive;
    /// a link to either counts as it). A FIFO, a socket or a device is refused: opening one could block for good
    /// (a FIFO's `open` waits for a writer) or read forever.
    public static func judge(_ url: URL) throws(StoreError) -> DumpSource {
        guard let mode = fileMode(url.path) else {
            throw .importFailed(file: url.path, message: "no such archive or folder")
        }
        switch mode & S_IFMT {
        case S_IFDIR: return .folder(url)
        case S_IFREG: return .archive(url)
        default: throw notADumpFile(url.path, mode, what: "a dump archive or folder")
        }
    }

    /// Checks what can be checked before reading: a folder must hold Posts.xml, and each dump file in it (and an
    /// archive) must be a regular file (judged by `stat`, unopened); an archive must start as a 7z, zip, tar or
    /// compressed tar does (its first bytes read), so that `import README.md` is refused before it begins.
    public func precheck() throws(StoreError) {
        switch self {
        case .folder(let folder):
            let posts = folder.appendingPathComponent("Posts.xml")
            guard FileManager.default.fileExists(atPath: posts.path) else {
                throw .importFailed(file: posts.path, message: "no such file: a dump folder holds at least Posts.xml")
            }
            for (name, _) in Self.files {
                let path = folder.appendingPathComponent(name).path
                guard let mode = fileMode(path) else { continue }
                if mode & S_IFMT != S_IFREG { throw Self.notADumpFile(path, mode, what: "a dump file") }
            }
        case .archive(let archive):
            if case .folder = try Self.judge(archive) {
                throw .importFailed(file: archive.path, message: "a folder, not an archive")
            }
            guard Self.looksLikeAnArchive(archive) else {
                throw .importFailed(file: archive.path, message: "not an archive (7z, zip or tar) nor a dump folder: "
                    + "give the site's .7z as Stack Exchange distributes it, or the folder its XML files were extracted to")
            }
        }
    }

    /// The first bytes of 7z, zip, gzip, bzip2, xz and zstd files; a tar says `ustar` at byte 257.
    private static let archiveSignatures: [[UInt8]] = [
        [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x1F, 0x8B],
        [0x42, 0x5A, 0x68], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], [0x28, 0xB5, 0x2F, 0xFD],
    ]

    /// Whether `url` (a regular file) starts as an archive libarchive reads does. An unreadable file passes: the
    /// import's own open says why.
    static func looksLikeAnArchive(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return true }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 262)) ?? Data())
        if archiveSignatures.contains(where: { head.starts(with: $0) }) { return true }
        return head.count >= 262 && Array(head[257..<262]) == Array("ustar".utf8)
    }

    private static func notADumpFile(_ path: String, _ mode: mode_t, what: String) -> StoreError {
        .importFailed(file: path, message: "\(StorePathCheck.kind(mode)), not \(what): stackterm does not open it")
    }

    /// Calls `body` with each dump file the store reads, in the source's order; other entries (Badges.xml,
    /// Votes.xml…) are passed over, as is what `body` leaves unread, and so is a second entry of a name already read
    /// (`duplicate` told its path in the archive). `body` runs
    /// on the calling thread and the file is readable only during the call. Passing over an archive's entry means
    /// decompressing it: `shouldStop` is asked at each block then, and `Interrupted` thrown when it answers true.
    func forEachFile(
        shouldStop: @escaping () -> Bool, duplicate: (String) throws -> Void = { _ in }, _ body: (DumpSourceFile) throws -> Void
    ) throws {
        switch self {
        case .folder(let folder):
            var before: Int64 = 0
            for (name, kind) in Self.files {
                let url = folder.appendingPathComponent(name)
                guard let (size, modified) = Self.stat(url) else { continue }
                let position = Position()
                let start = before
                try body(DumpSourceFile(
                    name: name, kind: kind, path: url.path, signature: "\(size)-\(modified)",
                    position: { start + position.bytes }, forEachBlock: { block in
                        try DumpFile.forEachChunk(in: url) { bytes in
                            position.bytes += Int64(bytes.count)
                            try block(bytes)
                        }
                    }, passOver: {}))
                before += size
            }
        case .archive(let archive):
            let archiveSignature = Self.stat(archive).map { "archive-\($0.size)-\($0.modified)" } ?? "archive"
            var seen: Set<String> = []
            try DumpArchive.forEachEntry(in: archive) { entry in
                // Solid archives: an entry left unread is decompressed all the same when the next header is read.
                // Reading it here instead lets Ctrl-C in (a site's PostHistory.xml is often its largest file).
                let passOver = { try entry.forEachBlock { _ in if shouldStop() { throw Interrupted() } } }
                let name = entry.fileName
                guard let kind = Self.kind(ofFile: name) else { return try passOver() }
                guard seen.insert(name).inserted else {
                    try duplicate(entry.name)
                    return try passOver()
                }
                // The entry's own size and time, as a folder's file signs itself: an archive and the folder it
                // extracts to (7zz keeps the times) are the same import, and a re-download is not a new one.
                let signature = if let size = entry.size, let modified = entry.modified { "\(size)-\(modified)" } else {
                    archiveSignature
                }
                try body(DumpSourceFile(
                    name: name, kind: kind, path: "\(archive.path) (\(entry.name))", signature: signature,
                    position: { entry.archiveBytesRead }, forEachBlock: { try entry.forEachBlock($0) }, passOver: passOver))
            }
        }
    }

    /// Size and modification time (unix seconds) of a regular file, or nil.
    static func stat(_ url: URL) -> (size: Int64, modified: Int64)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.type] as? FileAttributeType) == .typeRegular else { return nil }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return (size, Int64(modified))
    }

    /// Reading stopped because `shouldStop` answered true.
    struct Interrupted: Error {}

    private final class Position {
        var bytes: Int64 = 0
    }
}

/// One dump file as a source hands it to the import: usable only during the call that received it.
struct DumpSourceFile {
    /// The file's name, e.g. `Posts.xml`.
    let name: String
    let kind: DumpFileImport
    /// Where errors point: the file's path, or the archive's with the entry's name.
    let path: String
    /// Size and modification time: the same signature means the same file, so a finished import is not redone.
    let signature: String
    /// Bytes of the whole source read so far (the archive file's compressed bytes, or the folder's files').
    let position: () -> Int64
    /// Reads the file's bytes in order, block by block (each valid only during the call).
    let forEachBlock: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    /// Moves past the file without parsing it (an archive's entry is decompressed, Ctrl-C checked at each block).
    let passOver: () throws -> Void
}

/// The mode of what `path` names, links followed (`stat`, which never opens it), or nil when nothing is there.
private func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode : nil
}
