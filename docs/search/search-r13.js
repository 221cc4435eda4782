(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r13.js"]=[["diffusion/ddim/index.html","Denoising Diffusion Implicit Models (DDIM)",20,"Sampling","","x"]];
