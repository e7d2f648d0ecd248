window.CATALOG_INDEX = {"categories": ["\"\u003e\u003cimg src=x onerror=alert('category')\u003e","Display","Input"],
"kinds": [
["avatar",1,"A round user picture",0],
["button",2,"A pressable button",0],
["\u003cscript\u003ealert('kind')\u003c/script\u003e",0,"\u003c/script\u003e\u003cscript\u003ealert('description')\u003c/script\u003e \u0026 \u003cb\u003ebold\u003c/b\u003e",0],
["tile-card",1,"A tile with an image preview",0],
["text-field",2,"Single-line text input",0],
["legacy-banner",1,"An old banner, back again",0]
]};
