"""The window and its flows: actions, files, the hotseat curtain, navigation, clicks, adjudication, notices, export."""
