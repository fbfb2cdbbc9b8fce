import Foundation

/// The attributes of one `<row .../>` element, with typed accessors that throw errors naming the file and line.
struct DumpRow {
    /// Attribute values, XML entities already decoded by the parser.
    let attributes: [String: String]
    /// The file name, for error messages.
    let file: String
    /// The 1-based line the row is on, for error messages.
    let line: Int

    /// The attribute as text, with `\r\n` (written `&#xD;&#xA;`) turned into `\n`, or nil when absent.
    func text(_ name: String) -> String? {
        guard let value = attributes[name] else { return nil }
        guard value.contains("\r") else { return value }
        return value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// The attribute as text; throws when absent.
    func requiredText(_ name: String) throws -> String {
        guard let value = text(name) else { throw missing(name) }
        return value
    }

    /// The attribute as an integer, nil when absent; throws when present but not a number.
    func int(_ name: String) throws -> Int? {
        guard let value = attributes[name] else { return nil }
        guard let number = Int(value) else {
            throw DumpError.invalidRow(file: file, line: line, message: "\(name)=\"\(value)\" is not an integer")
        }
        return number
    }

    /// The attribute as an integer; throws when absent or not a number.
    func requiredInt(_ name: String) throws -> Int {
        guard let number = try int(name) else { throw missing(name) }
        return number
    }

    /// The attribute as a date (ISO 8601 without zone, UTC), nil when absent; throws when malformed.
    func date(_ name: String) throws -> Date? {
        guard let value = attributes[name] else { return nil }
        guard let date = DumpDate.parse(value) else {
            throw DumpError.invalidRow(file: file, line: line, message: "\(name)=\"\(value)\" is not a date like 2021-04-27T15:06:44.553")
        }
        return date
    }

    /// The attribute as a date; throws when absent or malformed.
    func requiredDate(_ name: String) throws -> Date {
        guard let date = try date(name) else { throw missing(name) }
        return date
    }

    private func missing(_ name: String) -> DumpError {
        .invalidRow(file: file, line: line, message: "missing attribute \(name)")
    }
}
