"""The drawn multiverse: the view and its scene, board items, the far overview and thumbnails, markers and headers, the map and fog art."""
