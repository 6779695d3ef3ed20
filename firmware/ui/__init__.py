# Screen drawing: fonts, icons and the renderer that turns a view into pixels on a canvas.
