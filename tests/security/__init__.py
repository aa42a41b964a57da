"""Tests of access control: production settings, injection, rate limits, sign-in lockouts."""
