import FuzzSupport
import TextEngine

/// Body HTML → styled lines. The first byte picks the width (0…159, so widths below 1 are tried too);
/// the rest is the body, decoded as UTF-8 with replacement the way the app decodes a response.
/// Checks the renderer's own promise: from width 12 up, no line is wider than the width.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ first: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let width = Int(first) % 160
    let html = String(decoding: rest, as: UTF8.self)
    let document = HTMLRenderer.render(html: html, width: width)
    if width >= 12 {
        for line in document.lines {
            require(line.width <= width, "line of \(line.width) columns at width \(width): \(line)")
        }
    }
    require(document.bodyLineCount <= document.lines.count, "bodyLineCount past the lines")
}
