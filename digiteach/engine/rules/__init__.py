"""The frame handlers, one module per rule chapter: :mod:`.resolution` (CR 15, 17), :mod:`.deletion` (CR 4-15,
15-8-5), :mod:`.attack` (CR 11, 12), :mod:`.battle` (CR 13, 14), :mod:`.digivolution` (CR 8), :mod:`.turn`
(CR 6, 18). :mod:`digiteach.engine.handlers` maps each frame type to its handler."""
