// "Read a photo": send a smaller copy of a big phone photo (faster on mobile data; the reader scales
// it down anyway), send it as soon as it is chosen where the form asks for that, and on the reading
// page let the player hide or show the photo under the map.
(function () {
  "use strict";
  var MAX_SIDE = 2000;

  function shrink(input, done) {
    var file = input.files && input.files[0];
    if (!file || file.size < 1500000 || !window.DataTransfer || !window.createImageBitmap) { done(); return; }
    createImageBitmap(file).then(function (bitmap) {
      var scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      if (scale >= 1) { done(); return; }
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(function (blob) {
        if (blob) {
          var copy = new DataTransfer();
          copy.items.add(new File([blob], "photo.jpg", { type: "image/jpeg" }));
          input.files = copy.files;
        }
        done();
      }, "image/jpeg", 0.9);
    }).catch(function () { done(); });  // send the original: the server reads it too
  }

  document.querySelectorAll("input[type=file][data-photo]").forEach(function (input) {
    input.addEventListener("change", function () {
      var form = input.form;
      shrink(input, function () {
        if (form && form.hasAttribute("data-autosubmit") && input.files && input.files.length) { form.submit(); }
      });
    });
  });

  var toggle = document.getElementById("photo-toggle");
  if (toggle) {
    toggle.addEventListener("click", function () {
      var on = toggle.getAttribute("aria-pressed") !== "true";
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      document.querySelectorAll("svg.map .photo-layer").forEach(function (img) { img.style.display = on ? "" : "none"; });
    });
  }
}());
