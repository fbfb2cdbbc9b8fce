import Foundation
import StackDump

/// An archive's fault in words for the import's message: libarchive gives no text for some (a 7z cut short fails
/// with "libarchive error 0"), so those are said from what is known — where it stopped, and the file's size.
enum ArchiveFaultText {
    /// The fault without the archive's name (the import's message leads with it).
    static func describe(_ error: DumpArchiveError, archive: URL) -> String {
        let size = DumpSource.stat(archive).map { "; the file is \($0.size) bytes" } ?? ""
        switch error {
        case .corrupt(_, nil, let offset, let reason) where reason.hasPrefix("libarchive error"):
            return "the archive is cut short or damaged: its headers could not be read after \(offset) bytes "
                + "(a 7z archive keeps them at its end, so an incomplete download fails here)\(size)"
        case .corrupt(_, let entry?, let offset, let reason) where reason.hasPrefix("libarchive error"):
            return "\(entry) is cut short or damaged after \(offset) bytes (an incomplete download?)\(size)"
        default:
            let text = error.description
            guard let colon = text.range(of: ": ") else { return text }
            return String(text[colon.upperBound...])
        }
    }
}
