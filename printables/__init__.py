"""Printables: each game's paper kit (blank maps, sheets, score pads) as PDF, drawn with ReportLab.

One package per game (`printables/<game>/`) on a shared `core`; the web layer
serves the bytes as downloads and `python -m printables` writes them to files.
"""
