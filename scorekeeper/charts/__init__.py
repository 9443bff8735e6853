"""Line charts drawn on the server: one geometry (geometry.py), two pens (svg.py for the
pages, png.py for the image to share). The score sheet's chart (sheet_chart.py) and the
league player page's charts (leagues/ranking/charts.py) are drawn by the same code."""
