"""Tests of the web door (search.web): pages, error answers, sign-in."""
