import Foundation

/// Why a data-dump file could not be read.
public enum DumpError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file does not exist or cannot be opened.
    case unreadable(file: String)
    /// The XML is not well-formed; `line` and `column` are 1-based positions reported by the parser.
    case malformedXML(file: String, line: Int, column: Int, message: String)
    /// A row lacks a required attribute or holds a value of the wrong form.
    case invalidRow(file: String, line: Int, message: String)

    /// A one-line description naming the file and line.
    public var description: String {
        switch self {
        case .unreadable(let file):
            return "\(file): cannot open the file"
        case .malformedXML(let file, let line, let column, let message):
            return "\(file):\(line):\(column): malformed XML: \(message)"
        case .invalidRow(let file, let line, let message):
            return "\(file):\(line): invalid row: \(message)"
        }
    }
}

extension DumpError: LocalizedError {
    /// Same as `description`, so `localizedDescription` is useful too.
    public var errorDescription: String? { description }
}
