// The umbrella module: an app that imports `Environment` gets every layer's public API.
@_exported import EventLog
@_exported import GraphQLCore
@_exported import Primitives
@_exported import Retention
@_exported import Scheduling
@_exported import StoreCore
@_exported import Transport
