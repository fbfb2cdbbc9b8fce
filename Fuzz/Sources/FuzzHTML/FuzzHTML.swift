import FuzzSupport
import Rendering

/// Body HTML → styled lines. The first byte picks the width (0…159, so widths below 1 are tried too);
/// the rest is the body, decoded as UTF-8 with replacement the way the app decodes a response.
/// Checks the renderer's own promise: from width 12 up, no line is wider than the width.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    SlowestInput.measure(bytes, count) { run(bytes, count) }
    return 0
}

private func run(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    guard let bytes, count > 0 else { return }
    let width = Int(bytes[0]) % 160
    let html = String(decoding: UnsafeBufferPointer(start: bytes + 1, count: count - 1), as: UTF8.self)
    let document = HTMLRenderer.render(html: html, width: width)
    if width >= 12 {
        for line in document.lines {
            require(line.width <= width, "line of \(line.width) columns at width \(width): \(line)")
        }
    }
    require(document.bodyLineCount <= document.lines.count, "bodyLineCount past the lines")
}
