import Foundation

/// The attributes of one `<row .../>` element, looked up by name, with typed accessors that throw errors naming
/// the file and line.
///
/// A view of libxml2's buffers: valid only during the callback that received it (`DumpRowStream` builds one per
/// row and the record initialisers read it at once). Only the attributes a record asks for become Swift values.
struct DumpRow {
    /// libxml2's SAX2 layout: five pointers per attribute (local name, prefix, namespace URI, value start,
    /// value end); values have their entities decoded and are not NUL-terminated.
    private let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    private let count: Int
    /// The file name, for error messages.
    let file: String
    /// The 1-based line the row is on, for error messages.
    let line: Int

    init(attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int, file: String, line: Int) {
        self.attributes = attributes
        self.count = count
        self.file = file
        self.line = line
    }

    /// The attribute as text, with `\r\n` (written `&#xD;&#xA;`) and a lone `\r` turned into `\n`, or nil when absent.
    func text(_ name: StaticString) -> String? {
        guard let bytes = value(name) else { return nil }
        guard let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) != nil else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: Self.withNewlines(bytes), as: UTF8.self)
    }

    /// The attribute as text; throws when absent.
    func requiredText(_ name: StaticString) throws -> String {
        guard let value = text(name) else { throw missing(name) }
        return value
    }

    /// The attribute as an integer, nil when absent; throws when present but not a number.
    func int(_ name: StaticString) throws -> Int? {
        guard let bytes = value(name) else { return nil }
        let value = String(decoding: bytes, as: UTF8.self) // short: a small string, no allocation
        guard let number = Int(value) else {
            throw DumpError.invalidRow(file: file, line: line, message: "\(name)=\"\(value)\" is not an integer")
        }
        return number
    }

    /// The attribute as an integer; throws when absent or not a number.
    func requiredInt(_ name: StaticString) throws -> Int {
        guard let number = try int(name) else { throw missing(name) }
        return number
    }

    /// The attribute as a date (ISO 8601 without zone, UTC), nil when absent; throws when malformed.
    func date(_ name: StaticString) throws -> Date? {
        guard let bytes = value(name) else { return nil }
        guard let date = DumpDate.parse(bytes) else {
            let value = String(decoding: bytes, as: UTF8.self)
            throw DumpError.invalidRow(file: file, line: line, message: "\(name)=\"\(value)\" is not a date like 2021-04-27T15:06:44.553")
        }
        return date
    }

    /// The attribute as a date; throws when absent or malformed.
    func requiredDate(_ name: StaticString) throws -> Date {
        guard let date = try date(name) else { throw missing(name) }
        return date
    }

    private func missing(_ name: StaticString) -> DumpError {
        .invalidRow(file: file, line: line, message: "missing attribute \(name)")
    }

    /// The value bytes of the unprefixed attribute `name`, or nil. A linear scan: a row has about a dozen.
    private func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let attributes else { return nil }
        for index in 0..<count {
            let fields = attributes + index * 5
            guard let localName = fields[0], fields[1] == nil, let start = fields[3], let end = fields[4],
                  Self.equal(localName, name) else { continue }
            return UnsafeBufferPointer(start: start, count: end - start)
        }
        return nil
    }

    /// Whether the NUL-terminated `cName` is `name`. Stops at the first difference, so it never reads past
    /// `cName`'s terminator (which differs from every byte of a name).
    private static func equal(_ cName: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        let length = name.utf8CodeUnitCount
        for index in 0..<length where cName[index] != expected[index] { return false }
        return cName[length] == 0
    }

    /// `\r\n` → `\n`, a lone `\r` → `\n`.
    private static func withNewlines(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                result.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(bytes[index])
            }
            index += 1
        }
        return result
    }
}
