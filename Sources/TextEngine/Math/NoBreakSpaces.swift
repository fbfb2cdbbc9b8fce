/// Turning an inline formula's spaces into no-break spaces while a paragraph wraps, and back: on UTF-8 bytes,
/// without Foundation's search (a third of a math thread's layout went to `replacingOccurrences`). A space is
/// the byte 0x20 and a no-break space the pair C2 A0, which never occurs inside another character.
enum NoBreakSpaces {
    private static let space: UInt8 = 0x20, lead: UInt8 = 0xC2, trail: UInt8 = 0xA0

    /// `text` with every space a no-break space.
    static func joining(_ text: String) -> String {
        guard text.utf8.contains(space) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if byte == space { bytes.append(lead); bytes.append(trail) } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with every no-break space a space again.
    static func released(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(lead) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var changed = false
        var pendingLead = false
        for byte in utf8 {
            if pendingLead {
                pendingLead = false
                if byte == trail { bytes.append(space); changed = true; continue }
                bytes.append(lead)
            }
            if byte == lead { pendingLead = true } else { bytes.append(byte) }
        }
        if pendingLead { bytes.append(lead) }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }
}
