"""Versioned index directories, the live pointer, the build lock and the build service."""
