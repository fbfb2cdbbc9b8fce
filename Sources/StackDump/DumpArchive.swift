import CArchive
import Foundation

/// A site's data dump as Stack Exchange distributes it: one archive (`.7z`; zip and tar, plain or compressed,
/// are read too) holding the site's XML files, read through Debian's libarchive in one streaming pass.
///
/// Dump archives are solid: an entry can be read only while it is the current one, in archive order, so
/// `forEachEntry` hands each entry to its body, which reads it (or not) before the next one is decompressed.
/// Nothing is written to disk, so entry names (`../x`) cannot escape anywhere; memory stays at libarchive's
/// buffers whatever the sizes.
public enum DumpArchive {
    /// Calls `body` for each regular file in the archive at `url`, in archive order.
    public static func forEachEntry(in url: URL, _ body: (DumpArchiveEntry) throws -> Void) throws {
        let name = url.lastPathComponent
        guard let archive = archive_read_new() else { throw DumpArchiveError.unreadable(archive: name, reason: "out of memory") }
        defer { archive_read_free(archive) }
        archive_read_support_filter_all(archive)
        archive_read_support_format_7zip(archive)
        archive_read_support_format_zip(archive)
        archive_read_support_format_tar(archive)
        guard archive_read_open_filename(archive, url.path, 1 << 20) == ARCHIVE_OK else {
            throw DumpArchiveError.unreadable(archive: name, reason: errorText(archive))
        }
        while true {
            var header: OpaquePointer?
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { return }
            guard status >= ARCHIVE_WARN, let header else {
                throw DumpArchiveError.corrupt(archive: name, entry: nil, offset: archive_filter_bytes(archive, -1),
                                               reason: errorText(archive))
            }
            guard stackterm_archive_entry_is_regular_file(header) != 0 else { continue }
            let entryName = archive_entry_pathname(header).map { String(cString: $0) } ?? "?"
            let size = archive_entry_size_is_set(header) != 0 ? archive_entry_size(header) : nil
            let modified = archive_entry_mtime_is_set(header) != 0 ? Int64(archive_entry_mtime(header)) : nil
            let entry = DumpArchiveEntry(archive: archive, archiveName: name, name: entryName, size: size, modified: modified)
            defer { entry.invalidate() }
            try body(entry)
        }
    }

    static func errorText(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive error \(archive_errno(archive))"
    }
}

/// One file inside a `DumpArchive`, valid only during the `forEachEntry` body that received it.
public final class DumpArchiveEntry {
    /// The path inside the archive, e.g. `Posts.xml` (possibly with folders).
    public let name: String
    /// The uncompressed size, when the archive records it.
    public let size: Int64?
    /// The modification time recorded for the entry (unix seconds), when the archive records one.
    public let modified: Int64?
    private let archiveName: String
    private var archive: OpaquePointer?

    init(archive: OpaquePointer, archiveName: String, name: String, size: Int64?, modified: Int64?) {
        self.archive = archive
        self.archiveName = archiveName
        self.name = name
        self.size = size
        self.modified = modified
    }

    /// The file name without folders (`site/Posts.xml` → `Posts.xml`).
    public var fileName: String { String(name.split(separator: "/").last ?? Substring(name)) }

    /// Bytes of the archive file read so far (for progress against the archive's size).
    public var archiveBytesRead: Int64 { archive.map { archive_filter_bytes($0, -1) } ?? 0 }

    /// Calls `body` with each block of the entry's bytes as they are decompressed (a block is valid only
    /// during the call). Throws `DumpArchiveError.corrupt` naming the entry and position on a damaged archive.
    public func forEachBlock(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let archive else { throw DumpArchiveError.entryNotCurrent(archive: archiveName, entry: name) }
        var entryBytes: Int64 = 0
        while true {
            var block: UnsafeRawPointer?
            var length = 0
            var offset: Int64 = 0
            let status = archive_read_data_block(archive, &block, &length, &offset)
            if status == ARCHIVE_EOF { return }
            guard status >= ARCHIVE_WARN else {
                throw DumpArchiveError.corrupt(archive: archiveName, entry: name, offset: entryBytes,
                                               reason: DumpArchive.errorText(archive))
            }
            if length > 0, let block {
                try body(UnsafeRawBufferPointer(start: block, count: length))
                entryBytes += Int64(length)
            }
        }
    }

    func invalidate() { archive = nil }
}

/// Why a dump archive could not be read; each names the archive, and the entry and position when known.
public enum DumpArchiveError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The archive cannot be opened or is not an archive libarchive reads.
    case unreadable(archive: String, reason: String)
    /// The archive is truncated or damaged; `offset` counts bytes into the entry (or into the archive file).
    case corrupt(archive: String, entry: String?, offset: Int64, reason: String)
    /// An entry was read after its `forEachEntry` body had returned.
    case entryNotCurrent(archive: String, entry: String)

    /// A one-line description naming the archive, entry and position.
    public var description: String {
        switch self {
        case .unreadable(let archive, let reason):
            return "\(archive): cannot read the archive: \(reason)"
        case .corrupt(let archive, let entry?, let offset, let reason):
            return "\(archive): \(entry) is damaged after \(offset) bytes: \(reason)"
        case .corrupt(let archive, nil, let offset, let reason):
            return "\(archive): damaged after \(offset) bytes of the archive: \(reason)"
        case .entryNotCurrent(let archive, let entry):
            return "\(archive): \(entry) was read after the archive moved past it"
        }
    }
}
