import CLibPQ
import Foundation

/// A notification sent with `NOTIFY` or `pg_notify` to a channel this connection listens on.
struct Notification: Sendable, Equatable {
  var channel: String
  var payload: String
  /// The server process that sent it.
  var senderProcessID: Int32
}

extension Connection {
  /// Starts listening on `channel` (https://www.postgresql.org/docs/current/sql-listen.html).
  func listen(_ channel: String) throws {
    try execute(script: "LISTEN \(try quoted(identifier: channel))")
  }

  /// Sends `payload` to the listeners of `channel`; inside a transaction, on commit.
  func notify(_ channel: String, payload: String = "") throws {
    try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
  }

  /// The notifications that have arrived, without waiting.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connectionLost` when the connection broke.
  func pendingNotifications() throws -> [Notification] {
    guard PQconsumeInput(handle) == 1 else {
      throw PostgreSQLError(result: nil, connection: handle, sql: nil)
    }
    var notifications: [Notification] = []
    while let notice = PQnotifies(handle) {
      notifications.append(
        Notification(
          channel: String(cString: notice.pointee.relname),
          payload: notice.pointee.extra.map { String(cString: $0) } ?? "",
          senderProcessID: notice.pointee.be_pid))
      PQfreemem(notice)
    }
    return notifications
  }

  /// Waits up to `timeout` seconds for a notification, and returns those that arrived.
  ///
  /// - Throws: ``PostgreSQLError`` of kind `.connectionLost` when the connection broke.
  func waitForNotifications(timeout: Double) throws -> [Notification] {
    let ready = try pendingNotifications()
    guard ready.isEmpty else { return ready }
    var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0 else {
      throw PostgreSQLError(result: nil, connection: handle, sql: nil)
    }
    _ = poll(&descriptor, 1, Int32(max(0, min(timeout, 3600)) * 1000))
    return try pendingNotifications()
  }
}
