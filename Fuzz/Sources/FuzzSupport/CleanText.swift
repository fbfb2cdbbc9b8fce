/// True when `text` holds no C0/C1 control, DEL, bidi embedding/override/isolate or direction mark: what may reach
/// a terminal.
public func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
