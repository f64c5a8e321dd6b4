import EnvironmentInspector
import EventLog

/// What linking the store inspector costs an app with no page open: each event goes through
/// `InspectorEventSink`, which forwards it and checks once that nobody listens. The floor is the
/// same events given straight to the sink it wraps.
func runInspectorBenchmarks() async throws {
    let events = 1_000_000
    let event = Event.fetchStarted(
        operation: Event.OperationName("Feed"), identity: Event.IdentityHash(7), reason: .attach)
    let plain: any EventSink = NoEventSink()
    let inspected: any EventSink = InspectorEventSink(forwardingTo: NoEventSink())
    func record(_ sink: any EventSink) {
        for _ in 0..<events { sink.record(event) }
    }
    let (floor, wrapped) = alternatingMedians(samples: 9, { record(plain) }, { record(inspected) })
    report("1M events, inspector's sink, no page open", wrapped, against: "NoEventSink alone", floor)
}
