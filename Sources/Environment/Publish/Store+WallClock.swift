import Primitives
import Scheduling
import StoreCore

extension Store {
    /// A store whose write times and invalidation point come from `clock`: give the environment
    /// the same clock, so that staleness compares instants of one clock.
    public convenience init(clock: any WallClock, source: sending any RecordSource = InMemoryRecordSource()) {
        self.init(source: source, configuration: StoreConfiguration(clock: { clock.now() }))
    }
}
