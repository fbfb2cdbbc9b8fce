import Foundation
import TextEngine

// Times `HTMLRenderer.render` on html-harness inputs in a plain release build (no sanitizer, no coverage), the
// figure the goal "no body under 1 MB takes longer than 100 ms to render" is about. Each argument is a file or
// a folder of files read as the html harness reads them: first byte = width (mod 160), the rest the body.
// Prints, slowest first, the best of three runs per input: `12.345 ms  80 cols  1048575 bytes  name`.
// Built and run by Fuzz/run.sh after fuzzing html (not a fuzzer: it has its own main).
var files: [URL] = []
for argument in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: argument)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
    if isFolder.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        files += names.sorted().map { url.appendingPathComponent($0) }
    } else {
        files.append(url)
    }
}

var results: [(milliseconds: Double, width: Int, bytes: Int, name: String)] = []
var renderedLines = 0
for file in files {
    guard let data = try? Data(contentsOf: file), let first = data.first else { continue }
    let width = Int(first) % 160
    let html = String(decoding: data.dropFirst(), as: UTF8.self)
    var best = Double.infinity
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        let document = HTMLRenderer.render(html: html, width: width)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        renderedLines &+= document.lines.count
        best = min(best, elapsed)
    }
    results.append((best, width, data.count - 1, file.lastPathComponent))
}
for result in results.sorted(by: { $0.milliseconds > $1.milliseconds }) {
    print(String(format: "%9.3f ms  %3d cols  %8d bytes  %@", result.milliseconds, result.width, result.bytes, result.name))
}
// Printed so the optimiser cannot drop the rendering; the line count is no figure of interest.
FileHandle.standardError.write("render-timing: \(results.count) inputs, \(renderedLines) lines\n".data(using: .utf8)!)
