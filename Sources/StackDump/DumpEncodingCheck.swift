/// Refuses, from its first bytes, a file that is not UTF-8 XML as dumps are.
///
/// libxml2's push parser crashed (SEGV, under Foundation's `XMLParser`) on another encoding followed by bytes it
/// could not read — declared (`encoding="utf8-"?>\r\u{FF}`) or detected (`00 00 00 3C`, UCS-4) — found by
/// Fuzz/run.sh dump; so such files never reach it: after an optional UTF-8 BOM the file must start with `<` or
/// white space, hold no NUL in its first four bytes (what UTF-16 and UCS-4 look like), and name no encoding but
/// UTF-8. (`DumpRowStream` also tells libxml2 to ignore the declared encoding.)
enum DumpEncodingCheck {
    /// How many bytes `DumpRowStream` holds back for the check (fewer when the file is shorter).
    static let headSize = 512

    /// Why `head`, the first `headSize` bytes of a file (or all of a shorter one), is not UTF-8 XML, or nil.
    static func problem(_ head: [UInt8]) -> String? {
        var head = head[...]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard let first = head.first else { return nil }
        if ![0x3C, 0x20, 0x09, 0x0D, 0x0A].contains(first) || head.prefix(4).contains(0) {
            return "not UTF-8 text (a dump file starts with <, after an optional byte order mark)"
        }
        guard let encoding = declaredEncoding(in: head), encoding.lowercased() != "utf-8" else { return nil }
        return "encoding \"\(encoding)\" is not UTF-8"
    }

    /// The `encoding` named by the XML declaration at the start of `head`, if there is one.
    private static func declaredEncoding(in head: ArraySlice<UInt8>) -> String? {
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8)) else { return nil }
        let declaration = String(decoding: head[head.startIndex..<end.lowerBound], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return String(rest) }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}
