import Foundation
import TestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What one `stackterm` account command did.
struct AccountRun {
    let status: Int32
    let output: String
    let errors: String
}

/// Runs the built `stackterm` with `input` on its stdin (what a user pastes at the login prompt): the token reaches it
/// through the pipe only, never its arguments or environment. Output is captured in `scratch`; ended after `timeout`.
func stacktermWithInput(_ arguments: [String], input: String, environment changes: [String: String?], scratch: URL,
                        timeout: TimeInterval = 60) throws -> AccountRun {
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    let outputFile = scratch.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errorFile = scratch.appendingPathComponent("stderr-\(UUID().uuidString)")
    for file in [outputFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    defer { for file in [outputFile, errorFile] { try? FileManager.default.removeItem(at: file) } }
    let process = Process()
    process.executableURL = BuildProducts.executable("stackterm")
    process.arguments = arguments
    process.environment = environment
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    process.waitUntilExit()
    watchdog.cancel()
    return AccountRun(status: process.terminationStatus, output: try String(contentsOf: outputFile, encoding: .utf8),
                      errors: try String(contentsOf: errorFile, encoding: .utf8))
}

/// The double's answer to a form POST, its redirect not followed (the Location is what a browser would land on).
func postWithoutRedirect(_ url: URL, form: String) async throws -> (status: Int, location: String?) {
    var request = URLRequest(url: url, timeoutInterval: 30)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(form.utf8)
    let session = URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (_, response) = try await session.data(for: request)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    return (http.statusCode, http.value(forHTTPHeaderField: "Location"))
}

/// A session delegate that stops at a redirect: the task ends with the 3xx response.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// The files under `folder` (links not followed) whose bytes contain `secret`.
func filesHolding(_ secret: String, under folder: URL) -> [URL] {
    let needle = Data(secret.utf8)
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { file in
        (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            && (FileManager.default.contents(atPath: file.path)?.range(of: needle) != nil)
    }
}

/// The command lines (under /proc, arguments joined by NUL) of the processes whose arguments contain `secret`.
func processesHolding(_ secret: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
        FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self) }
    }.filter { $0.contains(secret) }
}
